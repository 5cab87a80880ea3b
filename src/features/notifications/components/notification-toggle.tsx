import { useLingui } from '@/lib/i18n/react';
import { useId } from 'react';
import styled from 'styled-components';
import { PanelCard, PanelHint } from '@/components/panel';
import { usePushDevice } from '../api/use-push-device';

/** Account: notifications on this device, on or off; where they cannot work, one sentence saying why. */
export function NotificationToggle() {
  const { _ } = useLingui();
  const device = usePushDevice();
  const labelId = useId();
  const hintId = useId();
  const on = device.enabled === true;
  const hint = !device.support.ok
    ? device.support.message
    : on
      ? 'You will be told here when a request is approved, a pickup is scheduled, or you are paid — even with the app closed.'
      : 'Get told when a request is approved, a pickup is scheduled, or you are paid — even with the app closed.';
  return (
    <PanelCard aria-labelledby={labelId}>
      <Row>
        <div>
          <Title id={labelId}>{_('Notifications on this device')}</Title>
          <Hint id={hintId} $warn={!device.support.ok}>
            {_(hint)}
          </Hint>
        </div>
        {device.support.ok && (
          <Switch
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            disabled={device.busy || device.enabled === null}
            onClick={() => void (on ? device.disable() : device.enable())}
            $on={on}
          >
            <span aria-hidden="true" />
          </Switch>
        )}
      </Row>
      {device.error && <Error role="alert">{device.error}</Error>}
    </PanelCard>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.05rem;
`;

const Hint = styled(PanelHint)<{ $warn: boolean }>`
  color: ${({ theme, $warn }) => ($warn ? theme.color.warning : theme.color.textMuted)};
`;

const Error = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.92rem;
`;

const Switch = styled.button<{ $on: boolean }>`
  flex: none;
  position: relative;
  width: 56px;
  height: ${({ theme }) => theme.touch};
  border: none;
  background: none;
  cursor: pointer;
  &::before {
    content: '';
    position: absolute;
    inset: 8px 0;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme, $on }) => ($on ? theme.color.success : theme.color.surfaceRaised)};
    border: 1px solid ${({ theme }) => theme.color.border};
    transition: background 0.15s;
  }
  span {
    position: absolute;
    top: 12px;
    left: ${({ $on }) => ($on ? '32px' : '4px')};
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.text};
    transition: left 0.15s;
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radius.pill};
  }
`;
