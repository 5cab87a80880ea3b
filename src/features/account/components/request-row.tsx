import { useLingui } from '@/lib/i18n/react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { ArrowLeftIcon, ChevronRightIcon } from '@/components/icons';
import { StatusBadge } from '@/components/status-badge';

export interface RequestRowSummary {
  /** 'purchase-request-row' | 'sell-request-row': what the tests find a row by. */
  testId: string;
  /** The request's number (a submission's for a sale): `data-id` on the row and on the opened card's region. */
  id: number;
  status: string;
  /** "Request #12", or the sold item. */
  title: string;
  /** A second, muted line under the title ("Submission #4"); optional. */
  subtitle?: string;
  /** The total, or the payout of a sale. */
  amount: string;
  /** The promise: the drop or pickup time, when there is one. */
  promise?: string | null;
  /** Something waiting for the player's answer ("New time proposed — open to answer"): issue 47.6. */
  pending?: string | null;
  unread: number;
  /** A small picture before the title (the sold item's photo). */
  thumbnail?: ReactNode;
}

/**
 * One request in My Buy/Sell Requests as a compact row (issue 30 item 15: the full cards made the lists very tall).
 * Tapping the row opens the full card in its place; "Back to the list" or Escape closes it and puts focus back on the row.
 */
export function ExpandableRequest({
  summary,
  label,
  children,
  initiallyOpen = false,
}: {
  summary: RequestRowSummary;
  label: string;
  children: ReactNode;
  /** Opened when the list first draws (a notification's link to this deal), and brought into view. */
  initiallyOpen?: boolean;
}) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  const opened = useRef<HTMLElement>(null);
  useEffect(() => {
    if (initiallyOpen) opened.current?.scrollIntoView?.({ block: 'start' });
    // Only as the list first draws.
  }, []);
  const row = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  // Focus moves only after the player opened or closed: not when the list first draws.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (open ? back : row).current?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    moved.current = true;
    setOpen(next);
  };

  if (!open)
    return (
      <Row
        ref={row}
        type="button"
        aria-expanded={false}
        data-testid={summary.testId}
        data-id={summary.id}
        data-status={summary.status}
        onClick={() => toggle(true)}
      >
        <RowContent summary={summary} />
      </Row>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // A dialog of the card closes itself; a field being written in keeps what was typed.
    if (target.closest('dialog')) return;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.value !== '') return;
    event.preventDefault();
    toggle(false);
  };
  return (
    <Opened
      ref={opened}
      role="region"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid={`${summary.testId}-open`}
      data-id={summary.id}
      data-status={summary.status}
    >
      <BackButton ref={back} type="button" aria-expanded onClick={() => toggle(false)}>
        <ArrowLeftIcon size={16} /> {_('Back to the list')}
      </BackButton>
      {children}
    </Opened>
  );
}

function RowContent({ summary }: { summary: RequestRowSummary }) {
  return (
    <>
      {summary.thumbnail}
      <Main>
        <Line>
          <Title>{summary.title}</Title>
          <StatusBadge status={summary.status} />
        </Line>
        {summary.subtitle && <Muted>{summary.subtitle}</Muted>}
        {summary.promise && <Promise>{summary.promise}</Promise>}
        {summary.pending && <Pending data-testid="row-pending">{summary.pending}</Pending>}
      </Main>
      <Side>
        <Amount>{summary.amount}</Amount>
        <UnreadBadge count={summary.unread} />
      </Side>
      <ChevronRightIcon size={18} />
    </>
  );
}

const Row = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: 64px;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-align: left;
  cursor: pointer;
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.color.textMuted};
  }
  &:hover {
    border-color: ${({ theme }) => theme.color.primaryInk};
  }
`;

const Main = styled.span`
  flex: 1 1 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Line = styled.span`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Title = styled.strong`
  font-size: 1rem;
  /* Words stay whole unless one alone is wider than the row. */
  overflow-wrap: break-word;
  min-width: 0;
`;

/** One line, cut with an ellipsis: a long list of items must not make the row tall again. */
const Muted = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Promise = styled.small`
  color: ${({ theme }) => theme.color.text};
  font-size: 0.82rem;
`;

const Pending = styled.small`
  align-self: flex-start;
  padding: 1px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentFill};
  color: ${({ theme }) => theme.color.onAccent};
  font-size: 0.78rem;
  font-weight: 700;
`;

/** At most two fifths of a phone's row: a long payout ('30,000 Blockspin') wraps instead of squeezing the item's name. */
const Side = styled.span`
  flex: 0 1 auto;
  max-width: 40%;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
`;

const Amount = styled.span`
  font-weight: 800;
  text-align: right;
`;

/** The opened card takes the list's whole width (both columns on a tablet). */
const Opened = styled.section`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  & > article {
    align-self: stretch;
  }
`;

const BackButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  cursor: pointer;
`;
