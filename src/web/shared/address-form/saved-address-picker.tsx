/** The 'Select a saved address' modal: one row per saved address (spec section 2). */
import type { SavedAddressView } from '../../../domain/api/user.ts';
import { Modal } from '../../ui/modal.tsx';
import { savedAddressRow } from './values.ts';

export interface SavedAddressPickerProps {
  open: boolean;
  addresses: readonly SavedAddressView[];
  /** The saved address the form currently holds, marked in the list. */
  selectedId: number | null;
  onChoose: (address: SavedAddressView) => void;
  onClose: () => void;
}

export function SavedAddressPicker({
  open,
  addresses,
  selectedId,
  onChoose,
  onClose,
}: SavedAddressPickerProps) {
  return (
    <Modal open={open} onClose={onClose} title="Select a saved address">
      <ul className="saved-address-picker">
        {addresses.map((address) => (
          <li key={address.id}>
            <button
              type="button"
              className="saved-address-picker__row"
              aria-current={address.id === selectedId ? 'true' : undefined}
              onClick={() => onChoose(address)}
            >
              {savedAddressRow(address)}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
