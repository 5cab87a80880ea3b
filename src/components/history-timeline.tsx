import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useState } from 'react';
import styled from 'styled-components';
import type { HistorySubject } from '../domain/schemas/history';
import { historyQueryOptions } from '../lib/history-query';
import { LoadError } from './load-error';
import { lazyDateFormat } from '../lib/lazy-date-format';
import { statusWord, stepTitle as titleOf, type StepLike, type Words } from '../domain/history-wording';

const when = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * How step `index` reads: the server's title (issue 47.8, English), else the same rule read here
 * (src/domain/history-wording); with `words`, that rule in the language shown.
 */
export function stepTitle(steps: ReadonlyArray<StepLike & { title?: string }>, index: number, words?: Words): string {
  return words ? titleOf(steps, index, words) : (steps[index]!.title ?? titleOf(steps, index));
}

/** A record's steps (from → to, who, when, note, handover photo), behind a "History" disclosure loaded when opened. */
export function HistoryTimeline({ subject, id }: { subject: HistorySubject; id: number }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    // The steps are drawn in a transition: the tap's frame (the disclosure opening) paints first. In a long card
    // grid the steps' height makes the grid measure its rows again (240 ms at 4× CPU with 10,000 pickups, drawn
    // inside the tap's frame; docs/ADMIN-UI.md).
    <Details
      onToggle={(event) => {
        const open = (event.currentTarget as HTMLDetailsElement).open;
        startTransition(() => setOpen(open));
      }}
    >
      <summary>{_('History')}</summary>
      {open && <Steps subject={subject} id={id} />}
    </Details>
  );
}

function Steps({ subject, id }: { subject: HistorySubject; id: number }) {
  const { _ } = useLingui();
  const history = useQuery(historyQueryOptions(subject, id));
  if (history.isPending) return <Muted>{_('Loading the history…')}</Muted>;
  if (!history.data) return <LoadError title={_("The history couldn't be loaded")} onRetry={() => void history.refetch()} />;
  return (
    <List aria-label={_('History')}>
      {history.data.map((step, index) => (
        <li key={index}>
          <strong>{stepTitle(history.data, index, _)}</strong>
          <span>
            {step.actorName} · <time dateTime={step.at}>{when.format(new Date(step.at))}</time>
          </span>
          {step.note && <q>{step.note}</q>}
          {step.photoUrl && (
            <a href={step.photoUrl} target="_blank" rel="noreferrer">
              <img
                src={step.thumbnailUrl ?? step.photoUrl}
                alt={_('Handover photo, {status}', { status: statusWord(step.to, _).toLowerCase() })}
                width={96}
                height={72}
                loading="lazy"
              />
            </a>
          )}
        </li>
      ))}
    </List>
  );
}

const Details = styled.details`
  margin-top: ${({ theme }) => theme.space(2)};
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
    min-height: 32px;
  }
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0 0 0 ${({ theme }) => theme.space(3)};
  border-left: 2px solid ${({ theme }) => theme.color.border};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: grid;
    gap: 2px;
    overflow-wrap: anywhere;
  }
  span,
  q {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.875rem;
  }
  img {
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;
