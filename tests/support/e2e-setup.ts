import { witnessFailures } from './failure-witness';
import { stretchLimits } from './patience';

// The e2e project's setup file, run before each file: each failed browser test says what its pages showed
// (tests/support/failure-witness.ts), and the file's limits stretch with the machine's load (tests/support/patience.ts).
witnessFailures();
stretchLimits();
