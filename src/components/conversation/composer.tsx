import { useLingui } from '@/lib/i18n/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { MAX_MESSAGE_LENGTH, messageLength, MESSAGE_TOO_LONG_TEXT, type ConversationSubject } from '@/domain/schemas/conversations';
import { addMessage, quickRepliesQueryOptions } from '@/lib/conversation/queries';
import { sendConversationMessage } from '@/lib/conversation/send';
import { useCurrentUserName } from '@/lib/current-user';
import { Button } from '../button';
import { AttachPhoto, PhotoPreview, useMessagePhoto } from './composer-photo';

/** A quick reply ending in "…" is a start the admin completes ("Join my server: …"); the others are sent at once. */
const isStarter = (reply: string) => reply.endsWith('…') || reply.endsWith('...');
const starterText = (reply: string) => reply.replace(/(…|\.\.\.)$/, '');

/** Write a message, attach a photo from the camera, send; offline it waits in the outbox and says so in the thread. */
export function Composer({ subject, id, asAdmin }: { subject: ConversationSubject; id: number; asAdmin: boolean }) {
  const { _ } = useLingui();
  const inputId = useId();
  const photoId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const photo = useMessagePhoto();
  const { sending, error, send } = useSendMessage(subject, id, () => {
    setText('');
    photo.clear();
  });

  const length = messageLength(text);
  const tooLong = length > MAX_MESSAGE_LENGTH;
  const hasText = text.trim().length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooLong || (!hasText && !photo.photo)) return;
    void send(hasText ? text : null, photo.photo);
  }

  // Ctrl/Cmd+Enter sends; Enter alone starts a new line (a phone keyboard has no other way to).
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit(event);
  }

  const pickReply = (reply: string) => {
    if (isStarter(reply)) {
      setText(starterText(reply));
      requestAnimationFrame(() => textRef.current?.focus());
    } else void send(reply, null);
  };

  return (
    <Form onSubmit={onSubmit} aria-label={_('Write a message')}>
      {asAdmin && <QuickReplies disabled={sending} onPick={pickReply} />}
      {photo.preview && <PhotoPreview preview={photo.preview} onRemove={photo.clear} />}
      {photo.state === 'working' && <Note role="status">{_('Preparing the photo…')}</Note>}
      {photo.state === 'error' && <Note role="alert">{_('That photo could not be read. Try another.')}</Note>}
      <Row>
        <AttachPhoto id={photoId} onFile={(file) => void photo.choose(file)} />
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
        <Button type="submit" disabled={sending || tooLong || (!hasText && !photo.photo)}>
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

/** Sends a message (or keeps it in the outbox); `onDone` once it is sent or kept, the error when it is neither. */
function useSendMessage(subject: ConversationSubject, id: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const username = useCurrentUserName();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
      onDone();
    } finally {
      setSending(false);
    }
  }

  return { sending, error, send };
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
