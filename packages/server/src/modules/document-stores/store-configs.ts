import type { NodeRegistry, NodeType } from '@flowloom/engine';
import { getCredentialDefinition } from '@flowloom/nodes';
import type { DocumentStoreLoader } from '@flowloom/shared';
import { parseConfig } from './document-store.dto.js';
import type { StoreRow } from './document-store.repository.js';

export interface OverridableParam {
  node: string;
  nodeId: string;
  label: string;
  name: string;
  type: string;
}

/** Anchors (connections) have class-name types; settings have lower-case ones. */
const isSetting = (type: string) => /^[a-z]/.test(type);

function paramsOf(type: NodeType): OverridableParam[] {
  const node = type.definition.label;
  const nodeId = `${type.definition.name}_0`;
  const params: OverridableParam[] = [];
  for (const input of type.definition.inputs) {
    if (!isSetting(input.type)) continue;
    if (input.type === 'file') {
      params.push({ node, nodeId, label: input.label, name: 'files', type: input.fileType ?? '*' });
    } else if (input.type === 'options') {
      params.push({
        node,
        nodeId,
        label: input.label,
        name: input.name,
        type: (input.options ?? []).map((o) => o.name).join(', '),
      });
    } else {
      params.push({
        node,
        nodeId,
        label: input.label,
        name: input.name,
        type: input.type === 'password' ? 'string' : input.type,
      });
    }
  }
  for (const credentialName of type.definition.credential?.credentialNames ?? []) {
    for (const field of getCredentialDefinition(credentialName)?.inputs ?? [])
      params.push({
        node,
        nodeId,
        label: field.label,
        name: field.name,
        type: field.type === 'password' ? 'string' : field.type,
      });
  }
  return params;
}

/**
 * What a caller of the upsert API may override for one loader of a store (DOCUMENT_STORES.md §2.6):
 * the settings of its loader and splitter, and of the store's vector store, embeddings and record
 * manager, without duplicates.
 */
export function storeConfigs(
  registry: NodeRegistry,
  row: StoreRow,
  loader: DocumentStoreLoader,
): OverridableParam[] {
  const names = [
    loader.loaderId,
    loader.splitterId,
    parseConfig(row.vectorStoreConfig)?.name,
    parseConfig(row.embeddingConfig)?.name,
    parseConfig(row.recordManagerConfig)?.name,
  ];
  const seen = new Set<string>();
  const out: OverridableParam[] = [];
  for (const name of names) {
    const type = name ? registry.get(name) : undefined;
    if (!type) continue;
    for (const param of paramsOf(type)) {
      const key = `${param.nodeId}/${param.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(param);
    }
  }
  return out;
}
