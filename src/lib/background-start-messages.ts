/** Said when the code that sends queued items could not load (see main.tsx). */
export const BACKGROUND_START_FAILED_TEXT =
  'Part of the app did not load, so saved items wait on this device. Reload the page, or they go out once it loads.';
