import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ComingSoonBubble, useComingSoon } from '@/components/coming-soon-bubble';
import { useLingui } from '@/lib/i18n/react';

/** A button that only shows 'Coming Soon!' for 5 s. */
export function ComingSoonButton({
  children,
  className,
  align = 'center',
  placement = 'top',
}: {
  children: ReactNode;
  className?: string;
  align?: 'center' | 'start';
  placement?: 'top' | 'bottom';
}) {
  const note = useComingSoon();
  return (
    <Anchor className={className}>
      <Chip type="button" onClick={note.show}>
        {children}
      </Chip>
      <ComingSoonBubble visible={note.visible} align={align} placement={placement} />
    </Anchor>
  );
}

// The game's names for its modes, the same in every language.
export const VS_OPTIONS = ['1 vs 1', '2 vs 2', '3 vs 3', '4 vs 4'] as const;
const VS_LABEL = 'VS ▾';

/** The VS dropdown (1 vs 1 … 4 vs 4): choosing a mode only shows 'Coming Soon!'. */
export function VsDropdown() {
  const note = useComingSoon();
  const { _ } = useLingui();
  return (
    <Anchor>
      <Select aria-label={_('VS mode')} value="" onChange={() => note.show()}>
        <option value="" disabled>
          {VS_LABEL}
        </option>
        {VS_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
      <ComingSoonBubble visible={note.visible} align="start" placement="bottom" />
    </Anchor>
  );
}

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const chip = `
  min-height: 44px;
  padding: 0 0.9rem;
  border-radius: 999px;
  font-weight: 700;
  font-size: 0.9rem;
  white-space: nowrap;
`;

const Chip = styled.button`
  ${chip}
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Select = styled.select`
  ${chip}
  appearance: none;
  border: 1px solid ${({ theme }) => theme.color.danger};
  background: rgba(239, 75, 95, 0.15);
  color: ${({ theme }) => theme.color.text};
  padding-right: 1rem;
`;
