import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { Stack } from './admin-layout';
import { FormActions } from './form-actions';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import type { StaleRecord } from '../lib/use-stale-record';

const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });

/** "Already approved by sam at 12:31 PM." — the text of a record that moved on, as the server's 409 words it too. */
export function staleText(stale: StaleRecord): string {
  const what = stale.status === 'no-show' ? 'recorded as a no-show' : stale.status;
  return `Already ${what}${stale.actorName ? ` by ${stale.actorName}` : ''}${stale.at ? ` at ${timeFormat.format(new Date(stale.at))}` : ''}.`;
}

/** Shown in place of acting when the record changed while the dialog was open. */
export function StaleRecordNotice({ stale }: { stale: StaleRecord }) {
  return (
    <Banner tone="warning">
      <p>
        <strong>This changed while the dialog was open.</strong> {staleText(stale)} Nothing was done; go back to the list to see it as it is
        now.
      </p>
    </Banner>
  );
}

/** The body of a form dialog whose record moved on: the notice and a Close button. */
export function StaleDialogBody({ stale, onClose }: { stale: StaleRecord; onClose: () => void }) {
  return (
    <Stack>
      <StaleRecordNotice stale={stale} />
      <FormActions>
        <Button type="button" $variant="secondary" $block onClick={onClose}>
          Back to the list
        </Button>
      </FormActions>
    </Stack>
  );
}
