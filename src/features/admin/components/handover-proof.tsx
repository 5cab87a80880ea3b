import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { formatDateTime } from '@/lib/format-date';
import { historyQueryOptions } from '@/lib/history-query';
import { ImageViewer } from './image-viewer';
import { useLingui } from '@/lib/i18n/react';

/**
 * The proof of a collected (or paid) pickup on its card (issue 33 item 4): the handover photo taken at Confirm
 * Collection as a thumbnail that opens full size, and the admin's note. Read from the pickup's history, where the
 * collection step keeps them; nothing is shown for a pickup collected without either. Admin screens only.
 */
export function HandoverProof({
  pickup,
  onViewImage,
}: {
  pickup: Pick<ScheduledPickup, 'id' | 'completed' | 'paid' | 'submissionId'>;
  /** Opens the list's own image viewer; without it the proof opens its own. */
  onViewImage?: (src: string, title: string) => void;
}) {
  if (!pickup.completed && !pickup.paid) return null;
  return <Proof pickup={pickup} onViewImage={onViewImage} />;
}

function Proof({
  pickup,
  onViewImage,
}: {
  pickup: Pick<ScheduledPickup, 'id' | 'submissionId'>;
  onViewImage?: (src: string, title: string) => void;
}) {
  const { _ } = useLingui();
  const history = useQuery(historyQueryOptions('pickup', pickup.id));
  const [viewing, setViewing] = useState<string | null>(null);
  const step = history.data?.filter((entry) => entry.to === 'collected').at(-1);

  // A timeline read before the collection (within its 30 s freshness) lacks the step: read it again, once.
  const refreshed = useRef(false);
  const { data, refetch, isFetching } = history;
  useEffect(() => {
    if (data && !step && !isFetching && !refreshed.current) {
      refreshed.current = true;
      void refetch();
    }
  }, [data, step, isFetching, refetch]);

  if (!step || (!step.photoUrl && !step.note)) return null;
  const title = _('Handover photo of submission #{id}', { id: pickup.submissionId });
  const open = (src: string) => (onViewImage ? onViewImage(src, title) : setViewing(src));
  return (
    <Box aria-label={_('Handover proof')}>
      {step.photoUrl && (
        <ThumbButton
          type="button"
          onClick={() => open(step.photoUrl!)}
          aria-label={_('View full-size handover photo of #{id}', { id: pickup.submissionId })}
        >
          <img src={step.thumbnailUrl ?? step.photoUrl} alt="" width={96} height={72} loading="lazy" draggable={false} />
        </ThumbButton>
      )}
      <Text>
        <strong>{_('Handover')}</strong>
        {step.note ? <q>{step.note}</q> : <span>{_('No note')}</span>}
        <small>
          {step.actorName} · {formatDateTime(step.at)}
        </small>
      </Text>
      {!onViewImage && <ImageViewer src={viewing} title={title} onClose={() => setViewing(null)} />}
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
`;

const ThumbButton = styled.button`
  flex: none;
  width: 96px;
  height: 72px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: #0b0e1a;
  overflow: hidden;
  cursor: zoom-in;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Text = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
  q,
  span,
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  q {
    color: ${({ theme }) => theme.color.text};
  }
`;
