import { stretchLimits } from './patience';

// The engines project's setup file: the file's limits stretch with the machine's load (tests/support/patience.ts).
stretchLimits();
