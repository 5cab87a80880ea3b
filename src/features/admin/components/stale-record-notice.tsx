import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { Stack } from './admin-layout';
import { FormActions } from './form-actions';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import type { StaleRecord } from '../lib/use-stale-record';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';

const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });

/** "Already approved by sam at 12:31 PM." — the text of a record that moved on, as the server's 409 words it too. */
export function staleText(stale: StaleRecord): string {
  const status = stale.status === 'no-show' ? i18n._('recorded as a no-show') : i18n._(stale.status);
  const name = stale.actorName;
  const time = stale.at ? timeFormat.format(new Date(stale.at)) : null;
  if (name && time) return i18n._('Already {status} by {name} at {time}.', { status, name, time });
  if (name) return i18n._('Already {status} by {name}.', { status, name });
  if (time) return i18n._('Already {status} at {time}.', { status, time });
  return i18n._('Already {status}.', { status });
}

/** Shown in place of acting when the record changed while the dialog was open. */
export function StaleRecordNotice({ stale }: { stale: StaleRecord }) {
  return (
    <Banner tone="warning">
      <p>
        <Trans
          id="<0>This changed while the dialog was open.</0> {what} Nothing was done; go back to the list to see it as it is now."
          values={{ what: staleText(stale) }}
          components={{ 0: <strong /> }}
        />
      </p>
    </Banner>
  );
}

/** The body of a form dialog whose record moved on: the notice and a Close button. */
export function StaleDialogBody({ stale, onClose }: { stale: StaleRecord; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Stack>
      <StaleRecordNotice stale={stale} />
      <FormActions>
        <Button type="button" $variant="secondary" $block onClick={onClose}>
          {_('Back to the list')}
        </Button>
      </FormActions>
    </Stack>
  );
}
