import { useLingui } from '@/lib/i18n/react';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { RECOVERY_MESSAGES as M } from '../messages';
import { StepColumn } from './panel-parts';

/** The recovery codes of a newly confirmed authenticator app, shown this once, with Copy and Download (issue 52.5). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { _ } = useLingui();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = () => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = M.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <StepColumn>
      <p>{_(M.text)}</p>
      <Codes aria-label={_('Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </Codes>
      <Row>
        <Button type="button" $variant="secondary" onClick={copy}>
          {_(copied ? M.copied : M.copy)}
        </Button>
        <Button type="button" $variant="secondary" onClick={download}>
          {_(M.download)}
        </Button>
      </Row>
      <Button type="button" $block onClick={onDone}>
        {_(M.done)}
      </Button>
    </StepColumn>
  );
}

const Codes = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  code {
    font-size: 1rem;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.color.text};
    user-select: all;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  > * {
    flex: 1 1 auto;
  }
`;
