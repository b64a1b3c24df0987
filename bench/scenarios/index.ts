/**
 * Every scenario file, one import each, in the order their rows appear. A scenario file calls
 * defineScenario (and defineServer, defineDataSet where it needs them) at load; see
 * bench/README.md.
 */
import './lookups';
import './vehicles';
import './live';
import './search';
import './standalone';
import './changes';
