/** Input parameter types of a node or credential (SPEC §3). Anything else is an anchor type (a class name). */
export const PARAM_TYPES = [
  'asyncOptions',
  'asyncMultiOptions',
  'options',
  'multiOptions',
  'array',
  'datagrid',
  'string',
  'number',
  'boolean',
  'password',
  'json',
  'code',
  'date',
  'file',
  'folder',
  'tabs',
  'conditionFunction',
  'url',
  'credential',
] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export interface ParamOption {
  label: string;
  name: string;
  description?: string;
  /** An icon shown beside the option (Flowise load methods may send one). */
  imageSrc?: string;
}

/** One input of a node or credential definition (Flowise `INodeParams`). */
export interface NodeParam {
  label: string;
  name: string;
  /** A {@link ParamType}, or a class name for connectable anchors. */
  type: ParamType | (string & {});
  description?: string;
  placeholder?: string;
  default?: unknown;
  optional?: boolean;
  additionalParams?: boolean;
  options?: ParamOption[];
  rows?: number;
  list?: boolean;
  acceptVariable?: boolean;
  credentialNames?: string[];
  loadMethod?: string;
  loadConfig?: boolean;
  show?: Record<string, unknown>;
  hide?: Record<string, unknown>;
  step?: number;
  warning?: string;
  hint?: Record<string, string>;
  fileType?: string;
  /** Kept with its default and not shown in forms (a credential's OAuth2 scope, say; Flowise). */
  hidden?: boolean;
}

/** A credential type (e.g. `openAIApi`): the fields a credential of that type holds. */
export interface CredentialDefinition {
  label: string;
  name: string;
  version: number;
  description?: string;
  inputs: NodeParam[];
  /**
   * An OAuth2 credential: the provider whose sign-in fills its tokens ("Authenticate" in the dialog).
   * Its client secret and tokens are sent only to that provider (and its API).
   */
  oauth2?: OAuth2Provider;
}

/** The providers OAuth2 credentials sign in with. */
export type OAuth2Provider = 'google' | 'microsoft' | 'slack';
