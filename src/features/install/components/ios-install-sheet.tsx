import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

/** Safari's Share symbol (a box with an arrow out of it), as the player will look for it in the toolbar. */
function ShareGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2.5 7.8 6.7l1.1 1.1L11.2 5.5V15h1.6V5.5l2.3 2.3 1.1-1.1L12 2.5ZM6 10h2.5v1.6H6.6v8.8h10.8v-8.8h-1.9V10H18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1Z"
      />
    </svg>
  );
}

function AddGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Zm0 1.6A1.4 1.4 0 0 0 4.6 6v12A1.4 1.4 0 0 0 6 19.4h12a1.4 1.4 0 0 0 1.4-1.4V6A1.4 1.4 0 0 0 18 4.6H6Zm5.2 3.4h1.6v3.2H16v1.6h-3.2V16h-1.6v-3.2H8v-1.6h3.2V8Z"
      />
    </svg>
  );
}

/**
 * iPhone and iPad: how to add the app to the Home Screen, shown once. There it is the only way to install, to get
 * notifications, and to keep what is saved on the device (Safari clears a site's storage after 7 days of no use).
 */
export function IosInstallSheet({ onClose }: { onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog
      open
      title={_('Add Blockspin to your Home Screen')}
      onClose={onClose}
      actions={
        <Button type="button" $variant="primary" onClick={onClose}>
          {_('Got it')}
        </Button>
      }
    >
      <Lead>{_('It opens full screen like an app, can notify you when an admin answers, and keeps your saved items.')}</Lead>
      <Steps>
        <li>
          <Step aria-hidden="true">1</Step>
          <span>
            <Trans
              id="Tap <0/> in Safari's toolbar."
              components={{
                0: (
                  <Key>
                    <ShareGlyph /> {_('Share')}
                  </Key>
                ),
              }}
            />
          </span>
        </li>
        <li>
          <Step aria-hidden="true">2</Step>
          <span>
            <Trans
              id="Scroll down and choose <0/>."
              components={{
                0: (
                  <Key>
                    <AddGlyph /> {_('Add to Home Screen')}
                  </Key>
                ),
              }}
            />
          </span>
        </li>
        <li>
          <Step aria-hidden="true">3</Step>
          <span>
            <Trans id="Tap <0>Add</0>, then open Blockspin from its icon." components={{ 0: <strong /> }} />
          </span>
        </li>
      </Steps>
    </Dialog>
  );
}

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
  line-height: 1.45;
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
    line-height: 1.5;
  }
`;

const Step = styled.span`
  flex: none;
  width: 28px;
  height: 28px;
  display: grid;
  place-items: center;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 800;
  font-size: 0.9rem;
`;

const Key = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 700;
  white-space: nowrap;
  svg {
    color: ${({ theme }) => theme.color.primary};
  }
`;
