import { useLingui } from '@/lib/i18n/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { MAX_MESSAGE_LENGTH, messageLength, MESSAGE_TOO_LONG_TEXT, type ConversationSubject } from '@/domain/schemas/conversations';
import { addMessage, quickRepliesQueryOptions } from '@/lib/conversation/queries';
import { sendConversationMessage } from '@/lib/conversation/send';
import { useCurrentUserName } from '@/lib/current-user';
import { resizePhoto } from '@/lib/photo/resize-photo';
import { Button } from '../button';

/** A quick reply ending in "…" is a start the admin completes ("Join my server: …"); the others are sent at once. */
const isStarter = (reply: string) => reply.endsWith('…') || reply.endsWith('...');
const starterText = (reply: string) => reply.replace(/(…|\.\.\.)$/, '');

/** Write a message, attach a photo from the camera, send; offline it waits in the outbox and says so in the thread. */
export function Composer({ subject, id, asAdmin }: { subject: ConversationSubject; id: number; asAdmin: boolean }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const username = useCurrentUserName();
  const inputId = useId();
  const photoId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoState, setPhotoState] = useState<'idle' | 'working' | 'error'>('idle');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const length = messageLength(text);
  const tooLong = length > MAX_MESSAGE_LENGTH;
  const hasText = text.trim().length > 0;

  async function send(body: string | null, withPhoto: Blob | null) {
    if (!username || sending) return;
    setSending(true);
    setError(null);
    try {
      const result = await sendConversationMessage({ subject, id, body, photo: withPhoto, username });
      if (result.status === 'refused' || result.status === 'not-sent') {
        setError((result.status === 'refused' && result.message) || 'The message could not be sent. Try again.');
        return;
      }
      if (result.status === 'sent') addMessage(queryClient, subject, id, result.result);
      // Sent or kept in the outbox (shown in the thread as "Not sent yet"): either way the draft is done.
      setText('');
      setPhoto(null);
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooLong || (!hasText && !photo)) return;
    void send(hasText ? text : null, photo);
  }

  // Ctrl/Cmd+Enter sends; Enter alone starts a new line (a phone keyboard has no other way to).
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit(event);
  }

  return (
    <Form onSubmit={onSubmit} aria-label={_('Write a message')}>
      {asAdmin && (
        <QuickReplies
          disabled={sending}
          onPick={(reply) => {
            if (isStarter(reply)) {
              setText(starterText(reply));
              requestAnimationFrame(() => textRef.current?.focus());
            } else void send(reply, null);
          }}
        />
      )}
      {preview && (
        <PhotoRow>
          <img src={preview} alt={_('Photo to send')} width={96} height={72} />
          <Button type="button" $variant="ghost" onClick={() => setPhoto(null)}>
            {_('Remove photo')}
          </Button>
        </PhotoRow>
      )}
      {photoState === 'working' && <Note role="status">{_('Preparing the photo…')}</Note>}
      {photoState === 'error' && <Note role="alert">{_('That photo could not be read. Try another.')}</Note>}
      <Row>
        <AttachLabel htmlFor={photoId} title={_('Add a photo')}>
          <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
            <circle cx="12" cy="13" r="4" />
          </svg>
          <span className="visually-hidden">{_('Add a photo')}</span>
        </AttachLabel>
        <input
          id={photoId}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setPhotoState('working');
            try {
              setPhoto((await resizePhoto(file)).blob);
              setPhotoState('idle');
            } catch {
              setPhotoState('error');
            }
          }}
        />
        <label htmlFor={inputId} className="visually-hidden">
          {_('Message')}
        </label>
        <textarea
          id={inputId}
          ref={textRef}
          rows={2}
          value={text}
          placeholder={asAdmin ? _('Message the player…') : _('Message the admins…')}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={sending || tooLong || (!hasText && !photo)}>
          {_('Send')}
        </Button>
      </Row>
      {length > MAX_MESSAGE_LENGTH - 100 && (
        <Note role={tooLong ? 'alert' : undefined} $danger={tooLong}>
          {tooLong ? MESSAGE_TOO_LONG_TEXT : `${MAX_MESSAGE_LENGTH - length} characters left`}
        </Note>
      )}
      {error && (
        <Note role="alert" $danger>
          {_(error)}
        </Note>
      )}
    </Form>
  );
}

/** The admins' quick replies (the super admin edits the list). */
function QuickReplies({ onPick, disabled }: { onPick: (reply: string) => void; disabled: boolean }) {
  const { _ } = useLingui();
  const replies = useQuery(quickRepliesQueryOptions()).data ?? [];
  if (replies.length === 0) return null;
  return (
    <Chips role="group" aria-label={_('Quick replies')}>
      {replies.map((reply) => (
        <button key={reply} type="button" disabled={disabled} onClick={() => onPick(reply)}>
          {reply}
        </button>
      ))}
    </Chips>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  textarea {
    /* Width 0 and grow: the box never makes a narrow card wider than the screen (its default is 20 columns). */
    flex: 1 1 auto;
    width: 0;
    min-width: 0;
    min-height: ${({ theme }) => theme.touch};
    max-height: 10rem;
    resize: vertical;
    padding: ${({ theme }) => theme.space(2.5)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.dangerText};
  }
`;

const AttachLabel = styled.label`
  width: ${({ theme }) => theme.touch};
  height: ${({ theme }) => theme.touch};
  flex: none;
  display: inline-grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
`;

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  img {
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  button {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: 0.88rem;
    cursor: pointer;
  }
`;

const Note = styled.small<{ $danger?: boolean }>`
  color: ${({ theme, $danger }) => ($danger ? theme.color.dangerText : theme.color.textMuted)};
`;
