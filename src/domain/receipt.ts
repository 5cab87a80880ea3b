import { scheduleState } from './drop-schedule';
import { formatCents } from './money';
import { orderLineText, orderLineTotal } from './order-line';
import type { PurchaseRequest } from './schemas/purchases';

/** What a receipt shows of a purchase request (issue 30 item 12), built once for the screen and the shared text. */
export interface Receipt {
  title: string;
  lines: { name: string; category: string; each: string; total: string }[];
  total: string;
  credit: string | null;
  due: string;
  promise: string;
  handedOverBy: string | null;
}

/** The promise in words: the drop time, Immediately, or not yet scheduled. */
function promiseText(request: Pick<PurchaseRequest, 'status' | 'scheduledDate' | 'scheduledTime' | 'isImmediateSchedule'>): string {
  if (request.status === 'rejected') return 'Rejected';
  if (request.status === 'cancelled') return 'Cancelled';
  const state = scheduleState(request);
  if (state.kind === 'immediate') return 'Drop: immediately';
  if (state.kind === 'unscheduled') return 'Drop: to be scheduled';
  return `Drop: ${state.date}${state.time ? ` at ${state.time}` : ''}`;
}

/** The receipt of `request`; `handedOverBy` is the admin who completed it, when known. */
export function buildReceipt(request: PurchaseRequest, handedOverBy: string | null = null): Receipt {
  return {
    title: `Blockspin Market — Request #${request.id}`,
    lines: request.items.map((item) => ({
      name: item.name,
      category: item.category,
      each: orderLineText(item),
      total: formatCents(orderLineTotal(item)),
    })),
    total: formatCents(request.totalPrice),
    credit: request.creditApplied > 0 ? `−${formatCents(request.creditApplied)}` : null,
    due: formatCents(request.creditApplied > 0 ? request.amountDue : request.totalPrice),
    promise: promiseText(request),
    handedOverBy: request.status === 'completed' ? handedOverBy : null,
  };
}

/** The receipt as plain text, for the share sheet or a message. */
export function receiptText(receipt: Receipt, placed: string): string {
  return [
    receipt.title,
    `Placed ${placed}`,
    '',
    ...receipt.lines.map((line) => `${line.name} (${line.category}): ${line.each} = ${line.total}`),
    '',
    `Total ${receipt.total}`,
    ...(receipt.credit ? [`Store credit ${receipt.credit}`] : []),
    `Amount due ${receipt.due}`,
    receipt.promise,
    ...(receipt.handedOverBy ? [`Handed over by ${receipt.handedOverBy}`] : []),
  ].join('\n');
}
