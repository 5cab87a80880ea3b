import { useLingui } from '@/lib/i18n/react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import {
  installOfferAnswered,
  iosSheetShown,
  isIos,
  isStandalone,
  promptInstall,
  rememberInstallOffer,
  rememberIosSheetShown,
  useInstallAvailable,
} from '@/lib/install-prompt';
import { IosInstallSheet } from './ios-install-sheet';

/**
 * The offer to install the app, shown right after a meaningful action (a request sent, an item submitted), never on
 * load: an Install button where the browser offers one (`beforeinstallprompt`), else on an iPhone or iPad the
 * one-time sheet showing how to add it to the Home Screen. Nothing once installed or answered.
 */
export function InstallOffer() {
  const { _ } = useLingui();
  const available = useInstallAvailable();
  const [answered, setAnswered] = useState(installOfferAnswered);
  const [installing, setInstalling] = useState(false);
  // Decided once, when the offer first shows: the sheet is the one time it is shown.
  const [sheetOpen, setSheetOpen] = useState(() => !isStandalone() && isIos() && !iosSheetShown());

  // Opened in the task after the one that drew it: the offer sits inside a dialog (the request-sent one), whose own
  // showModal() runs after this component's effects and would otherwise be stacked above the sheet.
  const [sheetShown, setSheetShown] = useState(false);
  useEffect(() => {
    if (!sheetOpen) return;
    rememberIosSheetShown();
    const timer = setTimeout(() => setSheetShown(true), 0);
    return () => clearTimeout(timer);
  }, [sheetOpen]);

  if (isStandalone()) return null;
  if (sheetOpen) return sheetShown ? <IosInstallSheet onClose={() => setSheetOpen(false)} /> : null;
  if (!available || answered) return null;

  const answer = (value: 'accepted' | 'dismissed') => {
    rememberInstallOffer(value);
    setAnswered(true);
  };
  return (
    <Box aria-label={_('Install the app')}>
      <Heading>
        <AppIcon src="/icons/icon-192.png" alt="" width={40} height={40} />
        <strong>{_('Install Blockspin Market')}</strong>
      </Heading>
      <p>{_('Open it from your home screen, full screen, even with no signal.')}</p>
      <Actions>
        <Button
          type="button"
          $variant="primary"
          disabled={installing}
          onClick={async () => {
            setInstalling(true);
            const outcome = await promptInstall().finally(() => setInstalling(false));
            if (outcome !== 'unavailable') answer(outcome);
          }}
        >
          {_('Install app')}
        </Button>
        <Button type="button" $variant="ghost" onClick={() => answer('dismissed')}>
          {_('Not now')}
        </Button>
      </Actions>
    </Box>
  );
}

const Box = styled.section`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(3.5)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: color-mix(in srgb, ${({ theme }) => theme.color.primary} 12%, ${({ theme }) => theme.color.surface});
  text-align: left;
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    line-height: 1.4;
  }
`;

const Heading = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)} !important;
`;

const AppIcon = styled.img`
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 10px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
