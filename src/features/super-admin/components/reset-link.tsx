import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { showToast } from '@/components/toast-store';
import type { ResetLink } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { userErrorText } from '../lib/error-text';
import { dateFormat } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';

/**
 * A user's one-time password reset link, for a player without a verified email (issue 29.10): the super admin hands it
 * over (in person, by chat). It works once, within 24 hours.
 */
export function ResetLinkButton({ username }: { username: string }) {
  const { _ } = useLingui();
  const [link, setLink] = useState<ResetLink | null>(null);
  const issue = useMutation({
    mutationFn: () =>
      apiRequest<ResetLink>(`/api/admin/marketplace-users/${encodeURIComponent(username)}/reset-link`, { method: 'POST', body: {} }),
    onSuccess: setLink,
    onError: (error) => showToast({ title: _('Error'), description: userErrorText(error), variant: 'destructive' }),
  });
  const url = link ? `${window.location.origin}${link.path}` : '';
  const until = link ? dateFormat('medium-short', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(link.expiresAt)) : '';

  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        aria-label={_('Reset link for {name}', { name: username })}
        disabled={issue.isPending}
        onClick={() => issue.mutate()}
      >
        {_('Reset link')}
      </Button>
      <Dialog
        open={link !== null}
        title={_('Password reset link')}
        onClose={() => setLink(null)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setLink(null)}>
              {_('Close')}
            </Button>
            <Button
              type="button"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => showToast({ title: _('Copied'), description: _('The link is on the clipboard') }),
                  () => undefined,
                )
              }
            >
              {_('Copy link')}
            </Button>
          </>
        }
      >
        <Text>
          <Trans
            id="Give this link to <0>{name}</0> in person or by chat. It sets a new password once, until {until}."
            values={{ name: username, until }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <LinkBox
          readOnly
          aria-label={_('Reset link for {name}', { name: username })}
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
      </Dialog>
    </>
  );
}

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const LinkBox = styled.textarea`
  width: 100%;
  min-height: 5.5rem;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 0.85rem;
  word-break: break-all;
  resize: none;
`;
