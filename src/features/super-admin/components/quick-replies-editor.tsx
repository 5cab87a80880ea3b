import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { MAX_QUICK_REPLIES, QUICK_REPLY_MAX_LENGTH } from '@/domain/schemas/conversations';
import { ApiError } from '@/lib/api-client';
import { quickRepliesQueryOptions } from '@/lib/conversation/queries';
import { useSaveQuickReplies } from '../api/quick-replies';
import { useLingui } from '@/lib/i18n/react';

/** The admins' quick replies in a conversation (issue 28): edit, add, remove, save. A reply ending in "…" is a start. */
export function QuickRepliesEditor() {
  const { _ } = useLingui();
  const saved = useQuery(quickRepliesQueryOptions());
  if (!saved.data) return <Muted>{saved.isError ? _("The quick replies couldn't be loaded.") : _('Loading quick replies...')}</Muted>;
  return <Editor initial={saved.data} />;
}

function Editor({ initial }: { initial: string[] }) {
  const { _ } = useLingui();
  const [replies, setReplies] = useState(initial);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const save = useSaveQuickReplies();
  const set = (index: number, value: string) => setReplies((list) => list.map((reply, i) => (i === index ? value : reply)));
  return (
    <Form
      aria-label={_('Quick replies')}
      onSubmit={(event) => {
        event.preventDefault();
        setNote(null);
        save.mutate(replies.map((reply) => reply.trim()).filter(Boolean), {
          onSuccess: (list) => {
            setReplies(list);
            setNote({ text: _('Quick replies saved') });
          },
          onError: (error) =>
            setNote({
              text: error instanceof ApiError && error.serverMessage ? error.serverMessage : _('Saving failed. Try again.'),
              error: true,
            }),
        });
      }}
    >
      <Muted>{_('Admins tap these in a conversation. One ending in “…” fills the message box to be completed.')}</Muted>
      <ol>
        {replies.map((reply, index) => (
          <li key={index}>
            <input
              aria-label={_('Quick reply {number}', { number: index + 1 })}
              value={reply}
              maxLength={QUICK_REPLY_MAX_LENGTH}
              onChange={(event) => set(index, event.target.value)}
            />
            <Button type="button" $variant="ghost" onClick={() => setReplies((list) => list.filter((_, i) => i !== index))}>
              {_('Remove')}
            </Button>
          </li>
        ))}
      </ol>
      <Row>
        <Button
          type="button"
          $variant="secondary"
          disabled={replies.length >= MAX_QUICK_REPLIES}
          onClick={() => setReplies((list) => [...list, ''])}
        >
          {_('Add reply')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {_('Save quick replies')}
        </Button>
      </Row>
      {note && (
        <Muted role={note.error ? 'alert' : 'status'} $error={note.error}>
          {note.text}
        </Muted>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
  input {
    flex: 1 1 auto;
    width: 0;
    min-height: ${({ theme }) => theme.touch};
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Muted = styled.p<{ $error?: boolean }>`
  margin: 0;
  color: ${({ theme, $error }) => ($error ? theme.color.dangerText : theme.color.textMuted)};
  font-size: 0.9rem;
`;
