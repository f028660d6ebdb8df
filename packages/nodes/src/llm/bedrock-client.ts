import { createHash } from 'node:crypto';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { NodeContext } from '@flowloom/engine';
import type { NodeParam, ParamOption } from '@flowloom/shared';
import { cachedLoad } from '../utilities/cached-load.js';
import { stringInput } from './chat-model.js';
import { modelTransport, type ModelTransport } from './lean-fetch.js';

/** The AWS SDK's Bedrock runtime client, loaded on first use (a server that never calls Bedrock skips it). */
export const bedrockSdk = cachedLoad(() => import('@aws-sdk/client-bedrock-runtime')).get;
const httpHandler = cachedLoad(async () => (await import('@smithy/node-http-handler')).NodeHttpHandler).get;

/** Limits of one Bedrock call; tests shorten them (each test file has its own module instance). */
export const BEDROCK_LIMITS = {
  /** Attempts of one call (the SDK retries throttling and 5xx answers with back-off). */
  maxAttempts: 3,
  connectMs: 10_000,
  /** Silence on a connection (no byte of the answer) before the call gives up. */
  requestMs: 120_000,
};

/** Regions where Bedrock runs (the Region input's options). */
export const BEDROCK_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'us-gov-west-1',
  'ca-central-1',
  'sa-east-1',
  'eu-central-1',
  'eu-central-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'eu-south-2',
  'ap-south-1',
  'ap-south-2',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
];

export const regionOptions = (): Promise<ParamOption[]> =>
  Promise.resolve(BEDROCK_REGIONS.map((name) => ({ label: name, name })));

/** The Region input of the Bedrock nodes (its options from the `listRegions` load method). */
export const regionInput: NodeParam = {
  label: 'Region',
  name: 'region',
  type: 'asyncOptions',
  loadMethod: 'listRegions',
  default: 'us-east-1',
};

const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
const MAX_HOST = 300;

/**
 * The Custom Endpoint Host input as a URL: a host name (`vpce-….bedrock-runtime.us-east-1.vpce.amazonaws.com`)
 * is reached over HTTPS; a whole URL (`http://127.0.0.1:4566`, a local emulator or proxy) is taken as
 * it is, path dropped. The address check of model calls applies: a private address needs
 * FLOWLOOM_HTTP_ALLOW.
 */
export function bedrockEndpoint(who: string, value: unknown): string | undefined {
  const typed = stringInput(value);
  if (!typed) return undefined;
  if (typed.length > MAX_HOST) throw new Error(`${who}: the Custom Endpoint Host is too long`);
  if (typed.startsWith('arn:'))
    throw new Error(
      `${who}: the Custom Endpoint Host holds an ARN; enter it as the Custom Model ARN instead`,
    );
  let url: URL;
  try {
    url = new URL(typed.includes('://') ? typed : `https://${typed.split('/')[0]}`);
  } catch {
    throw new Error(`${who}: the Custom Endpoint Host "${typed}" is not a host name`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${who}: the Custom Endpoint Host must be a host name or an http(s) URL`);
  return url.origin;
}

interface StaticKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The keys of the node's AWS credential, or undefined for "the server's own credentials" when the
 * operator allows that (FLOWLOOM_AWS_SERVER_CREDENTIALS); otherwise a node without keys fails, so a
 * flow's author cannot spend the server's AWS identity.
 */
export async function awsKeys(ctx: NodeContext, who: string): Promise<StaticKeys | undefined> {
  const credential = await ctx.credential();
  if (stringInput(credential.roleArn))
    throw new Error(
      `${who}: the Role ARN of the AWS credential is not supported yet; enter the access key, secret and session key of the role's temporary credentials instead`,
    );
  const accessKeyId = stringInput(credential.awsKey);
  const secretAccessKey = stringInput(credential.awsSecret);
  const sessionToken = stringInput(credential.awsSession);
  if (accessKeyId && secretAccessKey)
    return { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) };
  if (accessKeyId || secretAccessKey)
    throw new Error(`${who}: the AWS credential needs both the access key and the secret access key`);
  if (ctx.run.services.awsServerCredentials) return undefined;
  throw new Error(
    `${who}: connect an AWS credential with an access key and secret. This server does not let flows use its own AWS credentials (its administrator can allow it with FLOWLOOM_AWS_SERVER_CREDENTIALS=true).`,
  );
}

/**
 * Clients kept between runs (each holds its signer and configuration), most recently used last, per
 * model transport (whose agents they use).
 */
const clientsByTransport = new WeakMap<ModelTransport, Map<string, BedrockRuntimeClient>>();
const MAX_CLIENTS = 32;

/**
 * A Bedrock runtime client for the node's Region, credential and Custom Endpoint Host. Requests go
 * over the model transport's keep-alive agents, so the address check of model calls applies.
 */
export async function bedrockClient(ctx: NodeContext, who: string): Promise<BedrockRuntimeClient> {
  const region = stringInput(ctx.inputs.region) ?? 'us-east-1';
  if (!REGION_PATTERN.test(region))
    throw new Error(`${who}: "${region}" is not an AWS region (e.g. us-east-1)`);
  const endpoint = bedrockEndpoint(who, ctx.inputs.endpointHost);
  const keys = await awsKeys(ctx, who);
  const transport = modelTransport(ctx.run.services);
  const trusted = endpoint !== undefined && transport.trustedOrigins.has(endpoint);
  const agents = trusted ? transport.trusted : transport.checked;
  const key = JSON.stringify([
    region,
    endpoint,
    keys?.accessKeyId,
    keys &&
      createHash('sha256')
        .update(`${keys.secretAccessKey}\u0000${keys.sessionToken ?? ''}`)
        .digest('hex'),
    trusted,
    BEDROCK_LIMITS,
  ]);
  let clients = clientsByTransport.get(transport);
  if (!clients) clientsByTransport.set(transport, (clients = new Map<string, BedrockRuntimeClient>()));
  const known = clients.get(key);
  if (known) {
    clients.delete(key);
    clients.set(key, known);
    return known;
  }
  const { BedrockRuntimeClient } = await bedrockSdk();
  // HTTP/1.1 on our agents (the client's default is its own HTTP/2 sessions, which would skip the
  // address check of model calls); Converse and ConverseStream need nothing more.
  const NodeHttpHandler = await httpHandler();
  const client = new BedrockRuntimeClient({
    region,
    ...(endpoint && { endpoint }),
    ...(keys && { credentials: keys }),
    maxAttempts: BEDROCK_LIMITS.maxAttempts,
    requestHandler: new NodeHttpHandler({
      httpAgent: agents['http:'],
      httpsAgent: agents['https:'],
      connectionTimeout: BEDROCK_LIMITS.connectMs,
      requestTimeout: BEDROCK_LIMITS.requestMs,
    }),
  });
  clients.set(key, client);
  if (clients.size > MAX_CLIENTS) {
    const [oldest] = clients.keys();
    clients.delete(oldest!);
  }
  return client;
}

/** An SDK error's type name and HTTP status. */
function awsErrorOf(error: unknown): { name: string; status: number | undefined; message: string } {
  const e = error as { name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    status: typeof e?.$metadata?.httpStatusCode === 'number' ? e.$metadata.httpStatusCode : undefined,
    message: (typeof e?.message === 'string' ? e.message : String(error)).slice(0, 300),
  };
}

/** A failed Bedrock call as a sentence naming the node (throttling, refused keys, a garbled answer…). */
export function bedrockFailure(who: string, error: unknown): Error {
  const { name, status, message } = awsErrorOf(error);
  const said = `${name}: ${message}`;
  let text: string;
  if (name === 'ThrottlingException' || status === 429)
    text = `Bedrock is throttling requests (${said}); try again later or ask AWS for a higher quota`;
  else if (
    [
      'AccessDeniedException',
      'UnrecognizedClientException',
      'InvalidSignatureException',
      'ExpiredTokenException',
    ].includes(name) ||
    status === 403
  )
    text = `AWS refused the request (${said}); check the AWS credential and that the model is enabled for the account in this region`;
  else if (name === 'CredentialsProviderError')
    text = `no AWS credentials were found on the server (${message})`;
  else if (name === 'SyntaxError' || /Deserialization error|Unexpected token|not valid JSON/i.test(message))
    text = `the Bedrock endpoint answered something that is not Bedrock's format (${message.split('\n')[0]})`;
  else if (
    /ECONNREFUSED|ENOTFOUND|Refused to connect|socket hang up|ETIMEDOUT|TimeoutError/i.test(
      `${name} ${message}`,
    )
  )
    text = `could not reach Bedrock (${said})`;
  else text = `Bedrock answered ${status ?? 'an error'} (${said})`;
  return new Error(`${who}: ${text}`, { cause: error });
}
