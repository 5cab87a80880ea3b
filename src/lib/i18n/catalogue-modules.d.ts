// A catalogue imported with `?lingui` is compiled by @lingui/vite-plugin into its messages (lingui.config.ts).
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
