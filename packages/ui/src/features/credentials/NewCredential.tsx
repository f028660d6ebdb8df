import type { Credential, CredentialDefinition } from '@flowloom/shared';
import { useState } from 'react';
import { CredentialDialog } from './CredentialDialog';
import { CredentialTypePicker } from './CredentialTypePicker';

/**
 * "Add credential" in place: the type picker when several types fit (none when only one does), then
 * that type's form. `onCreated` gets the new credential, so the caller can select it.
 */
export function NewCredential({
  types,
  onCancel,
  onCreated,
}: {
  types: CredentialDefinition[];
  onCancel: () => void;
  onCreated: (credential: Credential) => void;
}) {
  const [type, setType] = useState<CredentialDefinition | undefined>(
    types.length === 1 ? types[0] : undefined,
  );
  if (!type) return <CredentialTypePicker types={types} onCancel={onCancel} onPick={setType} />;
  return <CredentialDialog type={type} onClose={onCancel} onSaved={onCreated} />;
}
