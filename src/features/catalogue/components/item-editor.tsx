import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { usePhotoPicker } from '@/components/photo-picker';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_STATUSES,
  CreateCatalogueItemBody,
  GUN_CLASSES,
  UpdateCatalogueItemBody,
  type CatalogueCategory,
  type CatalogueStatus,
} from '@/domain/schemas/catalogue';
import { i18n } from '@/lib/i18n/i18n';
import { displayUsd } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { formatDateTime } from '@/lib/format-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { photoToDataUrl } from '@/lib/outbox/transport';
import { createItem, itemHistoryQueryOptions, updateItem } from '../api/item-calls';
import { cellText, readCell } from '../lib/cell-value';
import { fieldWord, statusValue } from '../lib/field-word';

/** A history row's value as the grid shows it: prices in dollars, no stock as unlimited, a status in words. */
function historyValue(field: string, value: string | number | null): string {
  if (value === null) return field === 'stock' ? i18n._('unlimited') : '—';
  if ((field === 'price' || field === 'sellPrice') && typeof value === 'number') return displayUsd(value);
  return field === 'status' ? statusValue(String(value)) : String(value);
}

/** 'Sell price: A price is a number of dollars' — a typed field's problem. */
function typedProblem(field: string, problem: string): string {
  if (field === 'price') return i18n._('Price: {problem}', { problem });
  return field === 'sellPrice' ? i18n._('Sell price: {problem}', { problem }) : i18n._('Stock: {problem}', { problem });
}

const STATUS_WORDS: Record<CatalogueStatus, string> = { active: 'Active', hidden: 'Hidden', archived: 'Archived' };

interface Draft {
  name: string;
  category: CatalogueCategory;
  subcategory: string;
  gunClass: string;
  price: string;
  sellPrice: string;
  stock: string;
  status: CatalogueStatus;
  reason: string;
}

const draftOf = (item: ShopItem | null): Draft => ({
  name: item?.name ?? '',
  category: (item?.category as CatalogueCategory) ?? 'Weapons',
  subcategory: item?.subcategory ?? 'guns',
  gunClass: item?.gunClass ?? '',
  price: item ? cellText('price', item.price) : '',
  sellPrice: item ? cellText('sellPrice', item.sellPrice) : '',
  stock: item ? cellText('stock', item.stock) : '',
  status: item?.status ?? 'active',
  reason: '',
});

/** The super admin's item editor: a new item, or every field of one (photo included), with the item's history. */
export function ItemEditor({ item, items, onClose }: { item: ShopItem | null; items: readonly ShopItem[]; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const key = useRef(newIdempotencyKey());
  const history = useQuery({ ...itemHistoryQueryOptions(item?.id ?? ''), enabled: item !== null });
  const picker = usePhotoPicker({
    check: (file) => (file.type.startsWith('image/') ? null : i18n._('Please choose a photo (JPEG, PNG or WebP).')),
    unreadable: _('This photo could not be read. Please try another.'),
    onPhoto: (blob) => setPhoto({ blob, url: URL.createObjectURL(blob) }),
    onProblem: (message) => setProblems([message]),
    testIds: { camera: 'item-camera-input', library: 'item-gallery-input' },
  });
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const subcategories = [...new Set(items.filter((entry) => entry.category === draft.category).map((entry) => entry.subcategory))];

  const save = async () => {
    const read = {
      price: readCell('price', draft.price),
      sellPrice: readCell('sellPrice', draft.sellPrice),
      stock: readCell('stock', draft.stock),
    };
    const typed = Object.entries(read).flatMap(([field, value]) => (value.ok ? [] : [typedProblem(field, value.message)]));
    if (typed.length > 0) return setProblems(typed);
    const value = (field: keyof typeof read) => (read[field] as { value: number | null }).value;
    const dataUrl = photo ? await photoToDataUrl(photo.blob) : undefined;
    const fields = {
      name: draft.name,
      price: value('price'),
      sellPrice: value('sellPrice'),
      stock: value('stock'),
      reason: draft.reason,
      ...(dataUrl ? { photo: dataUrl } : {}),
    };
    const parsed = item
      ? UpdateCatalogueItemBody.safeParse({
          ...fields,
          subcategory: draft.subcategory,
          status: draft.status,
          expectedVersion: item.version,
        })
      : CreateCatalogueItemBody.safeParse({
          ...fields,
          category: draft.category,
          subcategory: draft.subcategory,
          status: draft.status,
          ...(draft.category === 'Weapons' && draft.subcategory === 'guns' && draft.gunClass ? { gunClass: draft.gunClass } : {}),
          ...(draft.category === 'Ammo' ? { unit: 'round' } : {}),
        });
    if (!parsed.success) return setProblems(parsed.error.issues.map((issue) => issue.message));
    setSaving(true);
    setProblems([]);
    try {
      if (item) await updateItem(item.id, parsed.data as UpdateCatalogueItemBody, key.current);
      else await createItem(parsed.data as CreateCatalogueItemBody, key.current);
      await queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
      onClose();
    } catch (error) {
      key.current = newIdempotencyKey();
      setProblems([
        error instanceof ApiError
          ? (error.serverMessage ?? error.message)
          : _('Could not be saved: check your connection and try again. Adding and editing items needs a connection.'),
      ]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={item ? _('Edit {item}', { item: item.name }) : _('Add an item')}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={saving}>
            {saving ? _('Saving...') : item ? _('Save changes') : _('Add item')}
          </Button>
        </>
      }
    >
      <Form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <PhotoRow>
          {photo || item?.imageUrl ? (
            <Photo
              src={photo?.url ?? item?.imageUrl ?? ''}
              alt={draft.name ? _('Photo of {item}', { item: draft.name }) : _('Photo of the item')}
            />
          ) : (
            <NoPhoto aria-hidden="true">{_('No photo')}</NoPhoto>
          )}
          <div>
            <Button type="button" $variant="secondary" onClick={picker.openCamera} disabled={picker.working}>
              {_('Camera')}
            </Button>
            <Button type="button" $variant="secondary" onClick={picker.openLibrary} disabled={picker.working}>
              {_('Gallery')}
            </Button>
            {picker.inputs}
          </div>
        </PhotoRow>
        <Label>
          {_('Name')}
          <input value={draft.name} maxLength={120} onChange={(event) => set({ name: event.target.value })} required />
        </Label>
        <Pair>
          <Label>
            {_('Category')}
            <select
              value={draft.category}
              disabled={item !== null}
              onChange={(event) => set({ category: event.target.value as CatalogueCategory, subcategory: '' })}
            >
              {CATALOGUE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {_(category)}
                </option>
              ))}
            </select>
          </Label>
          <Label>
            {_('Subcategory')}
            <input
              list={`${id}-subcategories`}
              value={draft.subcategory}
              maxLength={60}
              onChange={(event) => set({ subcategory: event.target.value })}
            />
            <datalist id={`${id}-subcategories`}>
              {subcategories.map((sub) => (
                <option key={sub} value={sub} />
              ))}
            </datalist>
          </Label>
        </Pair>
        {item === null && draft.category === 'Weapons' && draft.subcategory === 'guns' && (
          <Label>
            {_('Kind of gun')}
            <select value={draft.gunClass} onChange={(event) => set({ gunClass: event.target.value })}>
              <option value="">{_('Choose…')}</option>
              {GUN_CLASSES.map((gunClass) => (
                <option key={gunClass}>{gunClass}</option>
              ))}
            </select>
          </Label>
        )}
        <Pair>
          <Label>
            {_('Price (USD)')}
            <input
              inputMode="decimal"
              placeholder={_('Not sold')}
              value={draft.price}
              onChange={(event) => set({ price: event.target.value })}
            />
          </Label>
          <Label>
            {_('Sell price (USD)')}
            <input
              inputMode="decimal"
              placeholder={_('Not valued')}
              value={draft.sellPrice}
              onChange={(event) => set({ sellPrice: event.target.value })}
            />
          </Label>
        </Pair>
        <Pair>
          <Label>
            {_('Stock')}
            <input
              inputMode="numeric"
              placeholder={_('Unlimited')}
              value={draft.stock}
              onChange={(event) => set({ stock: event.target.value })}
            />
          </Label>
          <Label>
            {_('Status')}
            <select value={draft.status} onChange={(event) => set({ status: event.target.value as CatalogueStatus })}>
              {CATALOGUE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {_(STATUS_WORDS[status])}
                </option>
              ))}
            </select>
          </Label>
        </Pair>
        <Label>
          {_('Reason')}
          <input
            value={draft.reason}
            maxLength={300}
            placeholder={_('Why (saved in the item’s history)')}
            onChange={(event) => set({ reason: event.target.value })}
          />
        </Label>
        {problems.length > 0 && (
          <Problems role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Problems>
        )}
      </Form>
      {item && (
        <History aria-label={_('History')}>
          <h3>{_('History')}</h3>
          {history.isPending ? (
            <p>{_('Loading...')}</p>
          ) : history.isError ? (
            <p>{_("The history couldn't be loaded")}</p>
          ) : (
            <ol>
              {history.data.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actorName ?? _('system')} ·{' '}
                  {entry.field === 'created'
                    ? fieldWord(entry.field)
                    : _('{field}: {from} → {to}', {
                        field: fieldWord(entry.field),
                        from: historyValue(entry.field, entry.from),
                        to: historyValue(entry.field, entry.to),
                      })}
                  {entry.reason && <em> {_('“{text}”', { text: entry.reason })}</em>}
                </li>
              ))}
            </ol>
          )}
        </History>
      )}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Photo = styled.img`
  width: 96px;
  height: 72px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const NoPhoto = styled.span`
  width: 96px;
  height: 72px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8rem;
`;

const Label = styled.label`
  display: grid;
  gap: 4px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  input,
  select {
    min-width: 0;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: 1rem;
  }
`;

const Pair = styled.div`
  display: grid;
  /* Two fields side by side, each as wide as its half: an input's own width never pushes the form sideways. */
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Problems = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  color: ${({ theme }) => theme.color.dangerText};
`;

const History = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  h3 {
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
  ol {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    padding-left: 1.2rem;
    max-height: 12rem;
    overflow-y: auto;
    font-size: 0.85rem;
  }
`;
