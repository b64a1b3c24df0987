---@meta citizen_records
-- Generated from the contract and the zod schemas of citizen_records (npm run build): do not edit.
-- Add this file to your LuaLS workspace library to get completion on the exports' results.

---@class CitizenRecords.AlphaRecordAccounts
---@field money number Cash.
---@field bank number Bank balance.
---@field black_money number Dirty money.

---@class CitizenRecords.AlphaRecordInventoryItem
---@field name string Item name as the inventory registers it, e.g. `water`, `WEAPON_PISTOL`.
---@field count number
---@field slot number Slot as stored by ox_inventory; for the classic ESX inventory (which has no slots) 1..n in item-name order.

---@class CitizenRecords.AlphaRecordLoadoutItem
---@field name string Weapon name, e.g. `WEAPON_PISTOL`.
---@field ammo number

---@class CitizenRecords.AlphaRecordMetadata
---@field health number Ped health, 0 to 200 (ESX Legacy 1.9.4+; 0 on older servers).
---@field armor number Armour, 0 to 100.

---@class CitizenRecords.AlphaRecordPosition
---@field x number
---@field y number
---@field z number

---@class CitizenRecords.AlphaRecordSkinHair
---@field style number
---@field color number
---@field highlight number

---@class CitizenRecords.AlphaRecordSkinHeadBlend
---@field shapeFirst number
---@field shapeSecond number
---@field shapeMix number
---@field skinFirst number
---@field skinSecond number
---@field skinMix number

---@class CitizenRecords.AlphaRecordSkinComponentsItem
---@field component_id number
---@field drawable number
---@field texture number

---@class CitizenRecords.AlphaRecordSkinPropsItem
---@field prop_id number
---@field drawable number
---@field texture number

---@class CitizenRecords.AlphaRecordSkin
---@field model string Ped model, e.g. `mp_m_freemode_01`; `""` when no skin is stored.
---@field eyeColor number
---@field hair CitizenRecords.AlphaRecordSkinHair
---@field headBlend CitizenRecords.AlphaRecordSkinHeadBlend
---@field components CitizenRecords.AlphaRecordSkinComponentsItem[]
---@field props CitizenRecords.AlphaRecordSkinPropsItem[]
---@field headOverlays table<string, any> fivem-appearance / illenium-appearance head overlays keyed by name, each usually `{style, opacity, color, secondColor}`.
---@field faceFeatures table<string, any> Face features keyed by name (`noseWidth`, …), each a number from -1 to 1.
---@field tattoos table<string, any>[] Tattoos of every zone in one list, each as stored (`name`, `collection`, `zone`, …).

---@class CitizenRecords.AlphaRecordStatusItem
---@field name string Status name, e.g. `hunger`, `thirst`, `drunk`.
---@field val number Raw value, 0 to 1000000 in esx_status.
---@field percent number `val` as a percentage, 0 to 100.

---@class CitizenRecords.AlphaRecord
---@field identifier string The ESX identifier as stored: bare license hex, `char1:<hex>`, `steam:<hex>`, …
---@field firstname string
---@field lastname string
---@field dateofbirth string|"" A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date.
---@field sex "m"|"f"|"" `m` or `f`; `""` when none is stored or the stored value is neither.
---@field height number As stored by esx_identity: centimetres on current servers, inches on pre-2022 ones.
---@field job string Job name; `unemployed` when none is stored.
---@field job_grade number
---@field group string Permission group; `user` when none is stored.
---@field accounts CitizenRecords.AlphaRecordAccounts Account balances; an account the database does not hold is 0.
---@field inventory CitizenRecords.AlphaRecordInventoryItem[]
---@field loadout CitizenRecords.AlphaRecordLoadoutItem[] Weapons of the classic ESX loadout; empty under ox_inventory, where weapons are inventory items.
---@field metadata CitizenRecords.AlphaRecordMetadata
---@field position CitizenRecords.AlphaRecordPosition Last saved world coordinates, heading dropped; the origin when none are stored.
---@field skin CitizenRecords.AlphaRecordSkin Appearance in the fivem-appearance / illenium-appearance shape; a skinchanger skin is converted with illenium-appearance's mapping; no stored skin gives empty values.
---@field status CitizenRecords.AlphaRecordStatusItem[]
---@field is_dead boolean
---@field disabled boolean Character disabled by esx_multicharacter.
---@field last_property string esx_property: a property name (v1), or the stored JSON text `{"id", "coords"}` (v2); `""` when none.
---@field phone_number string As stored, numbers written as decimal text; `""` when none.

---@class CitizenRecords.AlphaSummary
---@field identifier string The ESX identifier as stored: bare license hex, `char1:<hex>`, `steam:<hex>`, …
---@field firstname string
---@field lastname string
---@field dateofbirth string|"" A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date.
---@field sex "m"|"f"|"" `m` or `f`; `""` when none is stored or the stored value is neither.
---@field height number As stored by esx_identity: centimetres on current servers, inches on pre-2022 ones.
---@field job string Job name; `unemployed` when none is stored.
---@field job_grade number
---@field phone_number string As stored, numbers written as decimal text; `""` when none.

---@class CitizenRecords.BetaRecordMoney
---@field cash number Cash in hand
---@field bank number Bank balance; may be negative
---@field crypto number Crypto balance

---@class CitizenRecords.BetaRecordCharinfo
---@field firstname string First name
---@field lastname string Family name
---@field birthdate string|"" A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date.
---@field nationality string Nationality
---@field gender string male or female; any other stored value as text
---@field phone string Phone number
---@field account string Bank account number
---@field cid string Character slot of the player

---@class CitizenRecords.BetaRecordJobGrade
---@field name string Grade name
---@field level number Grade level, 0 for the lowest
---@field payment number Salary of this grade
---@field isboss boolean Whether this grade is a boss grade

---@class CitizenRecords.BetaRecordJob
---@field name string Job name, e.g. police; unemployed when none
---@field label string Job label shown to players
---@field type string Job type, e.g. leo or ems; open-ended; none when the job has no type
---@field isboss boolean Whether the player is a boss of this job
---@field onduty boolean Whether the player is on duty
---@field grade CitizenRecords.BetaRecordJobGrade
---@field payment number Salary

---@class CitizenRecords.BetaRecordGangGrade
---@field name string Grade name
---@field level number Grade level, 0 for the lowest
---@field isboss boolean Whether this grade is a boss grade

---@class CitizenRecords.BetaRecordGang
---@field name string Gang name; none when not in a gang
---@field label string Gang label shown to players
---@field isboss boolean Whether the player is the gang's boss
---@field grade CitizenRecords.BetaRecordGangGrade

---@class CitizenRecords.BetaRecordPosition
---@field x number
---@field y number
---@field z number

---@class CitizenRecords.BetaRecordMetadataLicences
---@field driver boolean Holds a driving licence
---@field weapon boolean Holds a weapon licence
---@field business boolean Holds a business licence

---@class CitizenRecords.BetaRecordMetadataCriminalrecord
---@field hasRecord boolean Has a criminal record

---@class CitizenRecords.BetaRecordMetadataPhonedata
---@field SerialNumber number Phone serial number
---@field InstalledApps string[] Names of the apps installed on the phone

---@class CitizenRecords.BetaRecordMetadata
---@field hunger number Hunger level (100 is fed), from 0 to 100
---@field thirst number Thirst level (100 is quenched), from 0 to 100
---@field stress number Stress level, from 0 to 100
---@field armor number Armor level, from 0 to 100
---@field isdead boolean Character is dead
---@field ishandcuffed boolean Character is handcuffed
---@field inlaststand boolean Character is unconscious (last stand)
---@field tracker boolean GPS ankle tracker active
---@field injail number Remaining jail time in minutes; 0 when not in jail
---@field bloodtype string Blood group, e.g. O+; empty when never generated
---@field fingerprint string Fingerprint id
---@field walletid string Wallet id, e.g. QB-48213377
---@field callsign string Radio call sign; NO CALLSIGN when none
---@field licences CitizenRecords.BetaRecordMetadataLicences Licences; a licence the row does not mention is false
---@field criminalrecord CitizenRecords.BetaRecordMetadataCriminalrecord
---@field phonedata CitizenRecords.BetaRecordMetadataPhonedata

---@class CitizenRecords.BetaRecordInventoryItemMetadata
---@field durability? number Item condition in percent; an expiring ox_inventory item gives its remaining lifetime, from 0 to 100
---@field ammo? number Rounds loaded, for weapons
---@field serial? string Weapon serial number
---@field registered? string Name of the registered owner of a weapon
---@field components? string[] Attached components and accessories (ox_inventory item names or GTA component names)

---@class CitizenRecords.BetaRecordInventoryItem
---@field name string Item name
---@field count number Quantity
---@field slot number Inventory slot the item is stored in
---@field metadata CitizenRecords.BetaRecordInventoryItemMetadata Only the keys this item really has: a bread carries none, a weapon usually all five

---@class CitizenRecords.BetaRecord
---@field id number Row id in the players table
---@field citizenid string Unique citizen id as stored, a short code such as KQW48213
---@field license string Platform license of the player, e.g. license:<hex> or license2:<hex>
---@field name string Player user name as stored (may contain emoji)
---@field money CitizenRecords.BetaRecordMoney Money by type; other money types a server adds are not part of the record
---@field charinfo CitizenRecords.BetaRecordCharinfo Character identity
---@field job CitizenRecords.BetaRecordJob The citizen's job
---@field gang CitizenRecords.BetaRecordGang The citizen's gang
---@field position CitizenRecords.BetaRecordPosition Last saved world coordinates, heading dropped; the origin when none are stored.
---@field metadata CitizenRecords.BetaRecordMetadata Character state; values the row lacks take qb-core's PlayerDefaults
---@field inventory CitizenRecords.BetaRecordInventoryItem[] Items by slot, in slot order
---@field last_updated string|"" Time of the last save of the row, ISO 8601 in UTC (e.g. 2026-11-20T18:04:05.000Z); empty when the table has no such time

---@class CitizenRecords.BetaSummaryCharinfo
---@field firstname string First name
---@field lastname string Family name
---@field birthdate string|"" A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date.
---@field nationality string Nationality
---@field gender string male or female; any other stored value as text
---@field phone string Phone number
---@field account string Bank account number
---@field cid string Character slot of the player

---@class CitizenRecords.BetaSummaryJobGrade
---@field name string Grade name
---@field level number Grade level, 0 for the lowest
---@field payment number Salary of this grade
---@field isboss boolean Whether this grade is a boss grade

---@class CitizenRecords.BetaSummaryJob
---@field name string Job name, e.g. police; unemployed when none
---@field label string Job label shown to players
---@field type string Job type, e.g. leo or ems; open-ended; none when the job has no type
---@field isboss boolean Whether the player is a boss of this job
---@field onduty boolean Whether the player is on duty
---@field grade CitizenRecords.BetaSummaryJobGrade
---@field payment number Salary

---@class CitizenRecords.BetaSummaryGangGrade
---@field name string Grade name
---@field level number Grade level, 0 for the lowest
---@field isboss boolean Whether this grade is a boss grade

---@class CitizenRecords.BetaSummaryGang
---@field name string Gang name; none when not in a gang
---@field label string Gang label shown to players
---@field isboss boolean Whether the player is the gang's boss
---@field grade CitizenRecords.BetaSummaryGangGrade

---@class CitizenRecords.BetaSummary
---@field id number Row id in the players table
---@field citizenid string Unique citizen id as stored, a short code such as KQW48213
---@field license string Platform license of the player, e.g. license:<hex> or license2:<hex>
---@field name string Player user name as stored (may contain emoji)
---@field charinfo CitizenRecords.BetaSummaryCharinfo Character identity
---@field job CitizenRecords.BetaSummaryJob The citizen's job
---@field gang CitizenRecords.BetaSummaryGang The citizen's gang
---@field last_updated string|"" Time of the last save of the row, ISO 8601 in UTC (e.g. 2026-11-20T18:04:05.000Z); empty when the table has no such time

---@class CitizenRecords.Vehicle
---@field plate string The number plate as stored, trimmed and upper-case (1 to 8 characters in the game)
---@field owner string The owner's id: the ESX identifier (alpha) or the citizenid (beta), usable with /{format}/citizens/{id}
---@field owner_name string The owner's first and last name from their citizen row; `""` when that row or its names are missing
---@field model string Spawn name, e.g. `adder`: beta as stored; alpha from the model hash, by the framework's or the base game's list; `""` when unknown
---@field label string Display name without brand, e.g. `Adder`; `""` when unknown (addon cars without a framework list)
---@field model_hash integer The model's joaat hash as the game gives it, a signed 32-bit integer; 0 when none is stored
---@field type string Vehicle type. alpha: the `type` column as ESX stores it (`car`, `boat`, `aircraft`, …; `car` by default). beta: the framework's shared vehicles list's type (`automobile`, `bike`, `boat`, `heli`, `plane`, …), `""` without one
---@field job string The job a fleet vehicle belongs to (ESX `job`, e.g. `police`); `""` for a private vehicle and always on beta
---@field state "out"|"garaged"|"impounded"|"unknown" Where the vehicle is, as the garage scripts record it: `out` (in the world, or in a QBCore depot awaiting its fee), `garaged`, `impounded`; `unknown` for any other stored value
---@field garage string Garage name: alpha `parking`, or `pound` while impounded; beta `garage` (the last garage, also while out); `""` when none
---@field fuel number Fuel level in percent; 100 when none is stored
---@field engine number Engine health as the game gives it, -4000 to 1000; 1000 when none is stored
---@field body number Body health, 0 to 1000; 1000 when none is stored
---@field fakeplate string A fake plate fitted by a fake-plate script (beta `fakeplate`); `""` when none, and always on alpha
---@field properties table<string, any> The stored vehicle properties (alpha `vehicle`, beta `mods`) as the framework saved them (colours, mods, extras, …); `{}` when absent or unreadable

---@alias CitizenRecords.ErrorCode "invalid_id"|"invalid_license"|"invalid_query"|"invalid_plate"|"invalid_job"|"unauthorized"|"citizen_not_found"|"vehicle_not_found"|"job_not_found"|"route_not_found"|"method_not_allowed"|"cursor_expired"|"rate_limited"|"internal_error"|"format_unavailable"|"database_unavailable"|"server_busy"|"resource_stopping"|"database_timeout"

---@class CitizenRecords.Error
---@field code CitizenRecords.ErrorCode
---@field message string
---@field requestId? string

---@class CitizenRecords.HealthDataFormats
---@field alpha "available"|"unavailable"|"pending"|"disabled"
---@field beta "available"|"unavailable"|"pending"|"disabled"

---@class CitizenRecords.HealthDataVehicles
---@field alpha "available"|"unavailable"|"pending"|"disabled"
---@field beta "available"|"unavailable"|"pending"|"disabled"

---@class CitizenRecords.HealthDataReplica
---@field lag_s integer|nil Seconds behind the primary (`Seconds_Behind_Master` / `Seconds_Behind_Source`); null while it is not replicating.
---@field max_lag_s integer citizen_records:replica_max_lag_s: more lag than this makes `status` `degraded`.
---@field replicating boolean Both replication threads (I/O and SQL) are running.

---@class CitizenRecords.HealthData
---@field status "ok"|"degraded" `ok` when the database is usable.
---@field database "connected"|"unavailable"
---@field formats CitizenRecords.HealthDataFormats Each format: `available`, `unavailable` (its table is missing), `pending` (not inspected yet) or `disabled` (citizen_records:formats).
---@field vehicles CitizenRecords.HealthDataVehicles Each format's vehicles: `available`, `unavailable` (its vehicles table, or its citizens table, is missing), `pending` or `disabled`, as for `formats`. Never changes `status`: a server without a garage script still serves citizens.
---@field version string The resource's version.
---@field replica? CitizenRecords.HealthDataReplica Only from the standalone service reading a replica: how far behind its primary it is. Not replicating, or more than `max_lag_s` behind, makes `status` `degraded` (503), so a load balancer turns to another instance.

---@class CitizenRecords.HealthResult
---@field success boolean
---@field data? CitizenRecords.HealthData
---@field error? CitizenRecords.Error resource_stopping once the resource stops

---@class CitizenRecords.AlphaCitizenResult
---@field success boolean
---@field data? CitizenRecords.AlphaRecord
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaCitizenResult
---@field success boolean
---@field data? CitizenRecords.BetaRecord
---@field error? CitizenRecords.Error

---@class CitizenRecords.SearchAlphaCitizensQuery
---@field name? string 2 to 64 characters, up to 3 words of at least 2 characters; every word must match the start of the first or the last name, case- and accent-insensitively (`jo smi` finds John Smith and Smith Johnson). `%` and `_` match themselves. `name` or `phone` is needed.
---@field dob? string Birth date `YYYY-MM-DD`: narrows the search to citizens born that day, however the server stores the date.
---@field phone? string 3 to 20 digits once spaces, `-`, `.`, `(`, `)` and a leading `+` are dropped (in a URL write `+` as `%2B`); matches the whole stored number compared the same way.
---@field limit? integer Citizens per page, 1 to 50 written in digits (20 when absent).
---@field cursor? string The `next` of the previous page, with the same name, dob and phone. At most 200 citizens are reachable; then `next` is null.

---@class CitizenRecords.SearchAlphaCitizensResultData
---@field citizens CitizenRecords.AlphaSummary[] By last name, first name, then id; a missing name last.
---@field next string|nil The `cursor` of the next page; null when there is none, or when 200 citizens have been served (narrow the search).

---@class CitizenRecords.SearchAlphaCitizensResult
---@field success boolean
---@field data? CitizenRecords.SearchAlphaCitizensResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.SearchBetaCitizensQuery
---@field name? string 2 to 64 characters, up to 3 words of at least 2 characters; every word must match the start of the first or the last name, case- and accent-insensitively (`jo smi` finds John Smith and Smith Johnson). `%` and `_` match themselves. `name` or `phone` is needed.
---@field dob? string Birth date `YYYY-MM-DD`: narrows the search to citizens born that day, however the server stores the date.
---@field phone? string 3 to 20 digits once spaces, `-`, `.`, `(`, `)` and a leading `+` are dropped (in a URL write `+` as `%2B`); matches the whole stored number compared the same way.
---@field limit? integer Citizens per page, 1 to 50 written in digits (20 when absent).
---@field cursor? string The `next` of the previous page, with the same name, dob and phone. At most 200 citizens are reachable; then `next` is null.

---@class CitizenRecords.SearchBetaCitizensResultData
---@field citizens CitizenRecords.BetaSummary[] By last name, first name, then id; a missing name last.
---@field next string|nil The `cursor` of the next page; null when there is none, or when 200 citizens have been served (narrow the search).

---@class CitizenRecords.SearchBetaCitizensResult
---@field success boolean
---@field data? CitizenRecords.SearchBetaCitizensResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaCitizensByLicenseResult
---@field success boolean
---@field data? CitizenRecords.AlphaRecord[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaCitizensByLicenseResult
---@field success boolean
---@field data? CitizenRecords.BetaRecord[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaVehicleResult
---@field success boolean
---@field data? CitizenRecords.Vehicle
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaVehicleResult
---@field success boolean
---@field data? CitizenRecords.Vehicle
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaCitizenVehiclesResult
---@field success boolean
---@field data? CitizenRecords.Vehicle[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaCitizenVehiclesResult
---@field success boolean
---@field data? CitizenRecords.Vehicle[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaPresenceResultData
---@field online boolean The character is loaded by the framework on this server now.
---@field server_id integer|nil The player's server id (source) while online; null otherwise.

---@class CitizenRecords.AlphaPresenceResult
---@field success boolean
---@field data? CitizenRecords.AlphaPresenceResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaPresenceResultData
---@field online boolean The character is loaded by the framework on this server now.
---@field server_id integer|nil The player's server id (source) while online; null otherwise.

---@class CitizenRecords.BetaPresenceResult
---@field success boolean
---@field data? CitizenRecords.BetaPresenceResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaJobsResultDataJobsItemGradesItem
---@field grade integer The grade number (0 the lowest in every framework).
---@field name string Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`).
---@field label string Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name).
---@field isboss? boolean The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it).
---@field payment? number Its pay (ESX `salary`, qb-core `payment`).

---@class CitizenRecords.AlphaJobsResultDataJobsItem
---@field name string The name routes take (`police`).
---@field label string Its label for people.
---@field grades CitizenRecords.AlphaJobsResultDataJobsItemGradesItem[] Lowest first.
---@field online integer Citizens holding it who are online now (from the framework, no query).
---@field on_duty integer Of those, on duty now.

---@class CitizenRecords.AlphaJobsResultData
---@field jobs CitizenRecords.AlphaJobsResultDataJobsItem[] Every job the server defines, `unemployed` included, by name.

---@class CitizenRecords.AlphaJobsResult
---@field success boolean
---@field data? CitizenRecords.AlphaJobsResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaJobsResultDataJobsItemGradesItem
---@field grade integer The grade number (0 the lowest in every framework).
---@field name string Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`).
---@field label string Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name).
---@field isboss? boolean The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it).
---@field payment? number Its pay (ESX `salary`, qb-core `payment`).

---@class CitizenRecords.BetaJobsResultDataJobsItem
---@field name string The name routes take (`police`).
---@field label string Its label for people.
---@field grades CitizenRecords.BetaJobsResultDataJobsItemGradesItem[] Lowest first.
---@field online integer Citizens holding it who are online now (from the framework, no query).
---@field on_duty integer Of those, on duty now.

---@class CitizenRecords.BetaJobsResultData
---@field jobs CitizenRecords.BetaJobsResultDataJobsItem[] Every job the server defines, `unemployed` included, by name.

---@class CitizenRecords.BetaJobsResult
---@field success boolean
---@field data? CitizenRecords.BetaJobsResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.GetAlphaJobMembersQuery
---@field grade_min? integer Only members at this grade or above: a whole number written in digits (`-` allowed).
---@field online? boolean `true`: only members online now; `false`: only those offline.
---@field on_duty? boolean `true`: only members on duty now (online, and the framework says so); `false`: the others.
---@field limit? integer Members per page, 1 to 50 written in digits (20 when absent).
---@field cursor? string The `next` of the previous page, with the same job and filters.

---@class CitizenRecords.AlphaJobMembersResultDataMembersItem : CitizenRecords.AlphaSummary
---@field grade integer The member's grade: the framework's while he is online, else the database's.
---@field grade_name string|nil The grade's name as the server defines it; null when it defines no such grade.
---@field online boolean Online now.
---@field server_id integer|nil The player's server id while online; null otherwise.
---@field on_duty boolean On duty now, as the framework says; never while offline, never for a second job (Qbox).

---@class CitizenRecords.AlphaJobMembersResultData
---@field members CitizenRecords.AlphaJobMembersResultDataMembersItem[] By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the job.
---@field next string|nil The `cursor` of the next page; null on the last page.

---@class CitizenRecords.AlphaJobMembersResult
---@field success boolean
---@field data? CitizenRecords.AlphaJobMembersResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.GetBetaJobMembersQuery
---@field grade_min? integer Only members at this grade or above: a whole number written in digits (`-` allowed).
---@field online? boolean `true`: only members online now; `false`: only those offline.
---@field on_duty? boolean `true`: only members on duty now (online, and the framework says so); `false`: the others.
---@field limit? integer Members per page, 1 to 50 written in digits (20 when absent).
---@field cursor? string The `next` of the previous page, with the same job and filters.

---@class CitizenRecords.BetaJobMembersResultDataMembersItem : CitizenRecords.BetaSummary
---@field grade integer The member's grade: the framework's while he is online, else the database's.
---@field grade_name string|nil The grade's name as the server defines it; null when it defines no such grade.
---@field online boolean Online now.
---@field server_id integer|nil The player's server id while online; null otherwise.
---@field on_duty boolean On duty now, as the framework says; never while offline, never for a second job (Qbox).

---@class CitizenRecords.BetaJobMembersResultData
---@field members CitizenRecords.BetaJobMembersResultDataMembersItem[] By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the job.
---@field next string|nil The `cursor` of the next page; null on the last page.

---@class CitizenRecords.BetaJobMembersResult
---@field success boolean
---@field data? CitizenRecords.BetaJobMembersResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaJobCountResultData
---@field online integer Citizens holding it who are online now (from the framework, no query).
---@field on_duty integer Of those, on duty now.

---@class CitizenRecords.AlphaJobCountResult
---@field success boolean
---@field data? CitizenRecords.AlphaJobCountResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaJobCountResultData
---@field online integer Citizens holding it who are online now (from the framework, no query).
---@field on_duty integer Of those, on duty now.

---@class CitizenRecords.BetaJobCountResult
---@field success boolean
---@field data? CitizenRecords.BetaJobCountResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaGangsResultDataGangsItemGradesItem
---@field grade integer The grade number (0 the lowest in every framework).
---@field name string Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`).
---@field label string Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name).
---@field isboss? boolean The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it).
---@field payment? number Its pay (ESX `salary`, qb-core `payment`).

---@class CitizenRecords.BetaGangsResultDataGangsItem
---@field name string The name routes take (`police`).
---@field label string Its label for people.
---@field grades CitizenRecords.BetaGangsResultDataGangsItemGradesItem[] Lowest first.
---@field online integer Citizens holding it who are online now (from the framework, no query).

---@class CitizenRecords.BetaGangsResultData
---@field gangs CitizenRecords.BetaGangsResultDataGangsItem[] Every gang the server defines, `none` included, by name.

---@class CitizenRecords.BetaGangsResult
---@field success boolean
---@field data? CitizenRecords.BetaGangsResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.GetBetaGangMembersQuery
---@field grade_min? integer Only members at this grade or above: a whole number written in digits (`-` allowed).
---@field online? boolean `true`: only members online now; `false`: only those offline.
---@field limit? integer Members per page, 1 to 50 written in digits (20 when absent).
---@field cursor? string The `next` of the previous page, with the same job and filters.

---@class CitizenRecords.BetaGangMembersResultDataMembersItem : CitizenRecords.BetaSummary
---@field grade integer The member's grade: the framework's while he is online, else the database's.
---@field grade_name string|nil The grade's name as the server defines it; null when it defines no such grade.
---@field online boolean Online now.
---@field server_id integer|nil The player's server id while online; null otherwise.

---@class CitizenRecords.BetaGangMembersResultData
---@field members CitizenRecords.BetaGangMembersResultDataMembersItem[] By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the gang.
---@field next string|nil The `cursor` of the next page; null on the last page.

---@class CitizenRecords.BetaGangMembersResult
---@field success boolean
---@field data? CitizenRecords.BetaGangMembersResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaGangCountResultData
---@field online integer Citizens holding it who are online now (from the framework, no query).

---@class CitizenRecords.BetaGangCountResult
---@field success boolean
---@field data? CitizenRecords.BetaGangCountResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.GetAlphaChangesQuery
---@field cursor? string The `next` of the previous page of this format. Absent: a snapshot starts (every current citizen and vehicle as an upsert), and its `next` carries on with what changed since it began. A cursor the feed no longer knows is 410 `cursor_expired`: start again without one.
---@field limit? integer Changes per page, 1 to 500 written in digits (100 when absent); with `include=record` at most 50 (50 when absent). A shorter page means caught up.
---@field wait? integer Seconds, 0 to 30 (0 when absent): when nothing is new, the answer is held until a change of this format comes or the time is up (long poll); beyond `citizen_records:changes_max_waiting` held at once, it comes at once, empty.
---@field include? "record" `record`: each upsert carries `record`, the citizen or vehicle exactly as its route answers it now; an upsert whose record is gone by then comes as a delete. Costs 5 requests of the rate limit instead of 1.

---@class CitizenRecords.AlphaChangesResultDataChangesItem
---@field kind "citizen"|"vehicle"
---@field id string The citizen's id as its route takes it (`identifier`, `citizenid`), or the vehicle's plate as the vehicle route answers it.
---@field op "upsert"|"delete" `upsert`: it exists now (new or changed); `delete`: it is gone.
---@field source "database"|"live" `database`: seen in the tables; `live`: seen in the framework's memory for an online citizen.
---@field at string When the change was seen, ISO 8601 in UTC.
---@field record? CitizenRecords.AlphaRecord|CitizenRecords.Vehicle With `include=record`, on upserts only: the record (kind citizen) or the vehicle, as its route answers it.

---@class CitizenRecords.AlphaChangesResultData
---@field changes CitizenRecords.AlphaChangesResultDataChangesItem[] In the order they happened; at least once and in order for each id.
---@field next string The `cursor` of the next page: never null; keep it and ask again.

---@class CitizenRecords.AlphaChangesResult
---@field success boolean
---@field data? CitizenRecords.AlphaChangesResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.GetBetaChangesQuery
---@field cursor? string The `next` of the previous page of this format. Absent: a snapshot starts (every current citizen and vehicle as an upsert), and its `next` carries on with what changed since it began. A cursor the feed no longer knows is 410 `cursor_expired`: start again without one.
---@field limit? integer Changes per page, 1 to 500 written in digits (100 when absent); with `include=record` at most 50 (50 when absent). A shorter page means caught up.
---@field wait? integer Seconds, 0 to 30 (0 when absent): when nothing is new, the answer is held until a change of this format comes or the time is up (long poll); beyond `citizen_records:changes_max_waiting` held at once, it comes at once, empty.
---@field include? "record" `record`: each upsert carries `record`, the citizen or vehicle exactly as its route answers it now; an upsert whose record is gone by then comes as a delete. Costs 5 requests of the rate limit instead of 1.

---@class CitizenRecords.BetaChangesResultDataChangesItem
---@field kind "citizen"|"vehicle"
---@field id string The citizen's id as its route takes it (`identifier`, `citizenid`), or the vehicle's plate as the vehicle route answers it.
---@field op "upsert"|"delete" `upsert`: it exists now (new or changed); `delete`: it is gone.
---@field source "database"|"live" `database`: seen in the tables; `live`: seen in the framework's memory for an online citizen.
---@field at string When the change was seen, ISO 8601 in UTC.
---@field record? CitizenRecords.BetaRecord|CitizenRecords.Vehicle With `include=record`, on upserts only: the record (kind citizen) or the vehicle, as its route answers it.

---@class CitizenRecords.BetaChangesResultData
---@field changes CitizenRecords.BetaChangesResultDataChangesItem[] In the order they happened; at least once and in order for each id.
---@field next string The `cursor` of the next page: never null; keep it and ask again.

---@class CitizenRecords.BetaChangesResult
---@field success boolean
---@field data? CitizenRecords.BetaChangesResultData
---@field error? CitizenRecords.Error

---@class CitizenRecords.Exports
---@field getHealth fun(self: CitizenRecords.Exports): CitizenRecords.HealthResult
---@field getAlphaCitizen fun(self: CitizenRecords.Exports, id: string): CitizenRecords.AlphaCitizenResult
---@field getBetaCitizen fun(self: CitizenRecords.Exports, id: string): CitizenRecords.BetaCitizenResult
---@field searchAlphaCitizens fun(self: CitizenRecords.Exports, query?: CitizenRecords.SearchAlphaCitizensQuery): CitizenRecords.SearchAlphaCitizensResult
---@field searchBetaCitizens fun(self: CitizenRecords.Exports, query?: CitizenRecords.SearchBetaCitizensQuery): CitizenRecords.SearchBetaCitizensResult
---@field getAlphaCitizensByLicense fun(self: CitizenRecords.Exports, license: string): CitizenRecords.AlphaCitizensByLicenseResult
---@field getBetaCitizensByLicense fun(self: CitizenRecords.Exports, license: string): CitizenRecords.BetaCitizensByLicenseResult
---@field getAlphaVehicle fun(self: CitizenRecords.Exports, plate: string): CitizenRecords.AlphaVehicleResult
---@field getBetaVehicle fun(self: CitizenRecords.Exports, plate: string): CitizenRecords.BetaVehicleResult
---@field getAlphaCitizenVehicles fun(self: CitizenRecords.Exports, id: string): CitizenRecords.AlphaCitizenVehiclesResult
---@field getBetaCitizenVehicles fun(self: CitizenRecords.Exports, id: string): CitizenRecords.BetaCitizenVehiclesResult
---@field getAlphaPresence fun(self: CitizenRecords.Exports, id: string): CitizenRecords.AlphaPresenceResult
---@field getBetaPresence fun(self: CitizenRecords.Exports, id: string): CitizenRecords.BetaPresenceResult
---@field getAlphaJobs fun(self: CitizenRecords.Exports): CitizenRecords.AlphaJobsResult
---@field getBetaJobs fun(self: CitizenRecords.Exports): CitizenRecords.BetaJobsResult
---@field getAlphaJobMembers fun(self: CitizenRecords.Exports, job: string, query?: CitizenRecords.GetAlphaJobMembersQuery): CitizenRecords.AlphaJobMembersResult
---@field getBetaJobMembers fun(self: CitizenRecords.Exports, job: string, query?: CitizenRecords.GetBetaJobMembersQuery): CitizenRecords.BetaJobMembersResult
---@field getAlphaJobCount fun(self: CitizenRecords.Exports, job: string): CitizenRecords.AlphaJobCountResult
---@field getBetaJobCount fun(self: CitizenRecords.Exports, job: string): CitizenRecords.BetaJobCountResult
---@field getBetaGangs fun(self: CitizenRecords.Exports): CitizenRecords.BetaGangsResult
---@field getBetaGangMembers fun(self: CitizenRecords.Exports, gang: string, query?: CitizenRecords.GetBetaGangMembersQuery): CitizenRecords.BetaGangMembersResult
---@field getBetaGangCount fun(self: CitizenRecords.Exports, gang: string): CitizenRecords.BetaGangCountResult
---@field getAlphaChanges fun(self: CitizenRecords.Exports, query?: CitizenRecords.GetAlphaChangesQuery): CitizenRecords.AlphaChangesResult
---@field getBetaChanges fun(self: CitizenRecords.Exports, query?: CitizenRecords.GetBetaChangesQuery): CitizenRecords.BetaChangesResult
