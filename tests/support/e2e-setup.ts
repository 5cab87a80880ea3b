import { witnessFailures } from './failure-witness';

// The e2e project's setup file: each failed browser test says what its pages showed (tests/support/failure-witness.ts).
witnessFailures();
