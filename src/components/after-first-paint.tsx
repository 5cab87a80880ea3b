import { useDeferredValue, type ReactNode } from 'react';
import styled from 'styled-components';

/**
 * Children drawn just after the frame that mounted this, a busy placeholder in that frame: a dialog's frame and title
 * paint within the tap that opened it, and its heavy body (a conversation, an item table, a store credit) a frame
 * later. INP times a tap until the next paint: mounting a details dialog's body inside the tap cost 144–192 ms at 4×
 * CPU (docs/ADMIN-UI.md). React renders the deferred pass in the background, once the browser has painted.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : <Placeholder aria-busy="true" />;
}

/** Keeps the dialog near its final height for the frame before its body, so it does not open as a sliver. */
const Placeholder = styled.div`
  min-height: 12rem;
`;
