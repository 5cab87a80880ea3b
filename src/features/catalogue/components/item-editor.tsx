import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useLingui } from '@/lib/i18n/react';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { ItemHistory } from './item-history';
import { Label } from './item-form-parts';
import { ItemKindFields } from './item-kind-fields';
import { ItemNumberFields } from './item-number-fields';
import { ItemPhotoRow } from './item-photo-row';
import { useItemEditor } from './use-item-editor';

/** The super admin's item editor: a new item, or every field of one (photo included), with the item's history. */
export function ItemEditor({ item, items, onClose }: { item: ShopItem | null; items: readonly ShopItem[]; onClose: () => void }) {
  const { _ } = useLingui();
  const id = useId();
  const { draft, set, photo, picker, problems, saving, save } = useItemEditor(item, onClose);
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
        <ItemPhotoRow src={photo?.url ?? item?.imageUrl ?? null} name={draft.name} picker={picker} />
        <Label>
          {_('Name')}
          <input value={draft.name} maxLength={120} onChange={(event) => set({ name: event.target.value })} required />
        </Label>
        <ItemKindFields id={id} draft={draft} set={set} isNew={item === null} items={items} />
        <ItemNumberFields draft={draft} set={set} />
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
      {item && <ItemHistory itemId={item.id} />}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Problems = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  color: ${({ theme }) => theme.color.dangerText};
`;
