import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { PanelHint as Hint } from '@/components/panel';
import { StackList } from '@/components/stack-list';
import { passkeysQueryOptions, passkeySupport, useAddPasskey, useRemovePasskey } from '../api/passkeys';
import { PASSKEY_MESSAGES as M } from '../messages';
import { passkeyErrorText } from '../passkey-error';
import { StackCard, Title } from './panel-parts';

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Account: the player's passkeys, with Add on this device and Remove (issue 29.8). */
export function PasskeysPanel() {
  const { _ } = useLingui();
  const titleId = useId();
  const list = useQuery(passkeysQueryOptions());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    passkeySupport().then(
      (support) => live && setSupported(support.any),
      () => live && setSupported(false),
    );
    return () => {
      live = false;
    };
  }, []);
  const failure = add.error ?? remove.error;

  return (
    <StackCard aria-labelledby={titleId}>
      <Title id={titleId}>{_(M.title)}</Title>
      <Hint>{_(supported === false ? M.unsupported : M.hint)}</Hint>
      {list.data && list.data.length > 0 ? (
        <Keys>
          {list.data.map((key) => (
            <li key={key.id}>
              <div>
                <strong>{key.name}</strong>
                <small>
                  {_('Added {date}', { date: dateText(key.createdAt) })} ·{' '}
                  {key.lastUsedAt ? _('last used {date}', { date: dateText(key.lastUsedAt) }) : _('not used to sign in yet')}
                </small>
              </div>
              <Button
                type="button"
                $variant="ghost"
                aria-label={`${_(M.remove)} ${key.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(key.id)}
              >
                {_(M.remove)}
              </Button>
            </li>
          ))}
        </Keys>
      ) : (
        list.isSuccess && <None>{_(M.none)}</None>
      )}
      {failure && <Error role="alert">{passkeyErrorText(failure)}</Error>}
      {supported && (
        <Button type="button" $variant="secondary" $block disabled={add.isPending} onClick={() => add.mutate()}>
          {_(add.isPending ? M.adding : M.add)}
        </Button>
      )}
    </StackCard>
  );
}

const None = styled(Hint)`
  font-style: italic;
`;

const Keys = styled(StackList)`
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  div {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  /* The whole name wraps: cut at a phone's width, two passkeys of one device read the same again (issue 52.5). */
  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-size: 0.92rem;
`;
