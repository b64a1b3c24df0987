fx_version 'cerulean'
game 'common'

name 'citizen_records'
author 'citizen_records contributors'
description 'HTTP and export lookups of ESX and QBCore/Qbox citizen records'
version '0.1.0'
license 'MIT'

server_only 'yes'
node_version '22'

server_script 'dist/server.js'

-- /server:12913: the build oxmysql 2.14.1 (our own dependency, also node_version '22') declares;
-- node_version '22' took effect from FXServer's February 2025 builds (citizenfx/fivem 6c7a57388).
dependencies {
    '/server:12913',
    'oxmysql',
}

-- Every convar of the resource (README "Configuration"), for server panels such as txAdmin;
-- the entries between the contract markers are written by npm run build from src/contract/convars.ts.
-- Set them with `set` (never setr or sets) before `ensure citizen_records`.
convar_category 'citizen_records' {
    'HTTP and export lookups of citizen records',
    {
        -- contract:convars
        { 'API keys (name:key, comma-separated)', 'citizen_records:api_keys', 'CV_STRING', '' },
        { 'Serve record routes without a key', 'citizen_records:allow_anonymous', 'CV_BOOL', 'false' },
        { 'CORS origins (comma-separated, or *)', 'citizen_records:cors_origins', 'CV_STRING', '' },
        { 'Requests per minute per key', 'citizen_records:rate_limit', 'CV_INT', '600' },
        { 'Query timeout (ms)', 'citizen_records:db_timeout_ms', 'CV_INT', '5000' },
        { 'Lookups in flight at most', 'citizen_records:max_in_flight', 'CV_INT', '64' },
        { 'Search time limit (ms)', 'citizen_records:search_timeout_ms', 'CV_INT', '2000' },
        { 'Searches in flight at most', 'citizen_records:search_max_in_flight', 'CV_INT', '2' },
        { 'Cache TTL (ms, 0 = off)', 'citizen_records:cache_ttl_ms', 'CV_INT', '1000' },
        { 'Largest column read (bytes)', 'citizen_records:max_column_bytes', 'CV_INT', '4194304' },
        { 'ESX dateofbirth order (auto, DMY, MDY, YMD)', 'citizen_records:esx_dob_format', 'CV_STRING', 'auto' },
        { 'esx_multicharacter prefix', 'citizen_records:esx_character_prefix', 'CV_STRING', 'char' },
        { 'esx_multicharacter slots', 'citizen_records:esx_max_characters', 'CV_INT', '4' },
        { 'Formats served', 'citizen_records:formats', 'CV_STRING', 'alpha,beta' },
        { 'Live records for online citizens', 'citizen_records:live_records', 'CV_BOOL', 'true' },
        { 'Replica lag before degraded (s, standalone)', 'citizen_records:replica_max_lag_s', 'CV_INT', '30' },
        { 'Change feed', 'citizen_records:changes', 'CV_BOOL', 'true' },
        { 'Change feed poll (ms)', 'citizen_records:changes_poll_ms', 'CV_INT', '5000' },
        { 'Change feed sweep (ms)', 'citizen_records:changes_sweep_ms', 'CV_INT', '60000' },
        { 'Change feed long polls held at most', 'citizen_records:changes_max_waiting', 'CV_INT', '32' },
        { 'Change feed log kept (days)', 'citizen_records:changes_kept_days', 'CV_INT', '7' },
        { 'Log level (error, warn, info, debug)', 'citizen_records:log_level', 'CV_STRING', 'info' },
        -- /contract:convars
    }
}
