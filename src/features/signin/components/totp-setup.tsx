import { useLingui } from '@/lib/i18n/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { errorMessage } from '@/components/error-message';
import { useStartTotp } from '../api/second-factor';
import { SECOND_FACTOR_MESSAGES as M } from '../messages';
import { TotpCodeForm } from './totp-code-form';
import { StepColumn } from './panel-parts';

/** Sets up an authenticator app: a QR to scan (or the key to type), then its first code confirms it. */
export function TotpSetup({ onPassed }: { onPassed?: (recoveryCodes: string[]) => void }) {
  const { _ } = useLingui();
  const start = useStartTotp();
  const { mutate } = start;
  // Once per opening (React's development double effect would replace the first secret with a second).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (start.isError) return <Banner tone="error">{errorMessage(start.error, M.failed, M.network)}</Banner>;
  if (!start.data) return <p aria-busy="true">{_(M.checking)}</p>;
  return (
    <StepColumn>
      <p>{_(M.setupText)}</p>
      <Qr src={start.data.qr} alt={_('QR code for your authenticator app')} width={200} height={200} />
      <Key>
        <span>{_(M.cantScan)}</span>
        <code>{start.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </Key>
      <TotpCodeForm confirm onPassed={onPassed} />
    </StepColumn>
  );
}

// A QR code needs its quiet zone light whatever the theme: the image itself carries a white margin.
const Qr = styled.img`
  align-self: center;
  width: 200px;
  height: 200px;
  border-radius: ${({ theme }) => theme.radius.md};
  image-rendering: pixelated;
`;

const Key = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  code {
    font-size: 0.95rem;
    color: ${({ theme }) => theme.color.text};
    word-break: break-all;
    user-select: all;
  }
`;
