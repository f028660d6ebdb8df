import type { CredentialDefinition } from '@flowloom/shared';

/** Credential types, Flowise names and field names so imported flows find their credentials. */

/**
 * Model credentials may name the one endpoint their key is sent to (a field Flowise does not have):
 * a flow's own Base URL must then match it, so editing a flow cannot redirect a stored key.
 */
const ENDPOINT_DESCRIPTION =
  'Optional: the only server this key is sent to, e.g. an OpenAI-compatible server or a proxy. Empty: the provider’s own endpoint (or the server’s default). A Base URL typed into a flow must match it.';

/** The optional Base URL of a model credential (read by the model nodes as `baseUrl`). */
const endpointField = (placeholder: string, description = ENDPOINT_DESCRIPTION) => ({
  label: 'Base URL',
  name: 'baseUrl',
  type: 'string',
  optional: true,
  placeholder,
  description,
});

export const openAIApi: CredentialDefinition = {
  label: 'OpenAI API',
  name: 'openAIApi',
  version: 1,
  inputs: [
    { label: 'OpenAI Api Key', name: 'openAIApiKey', type: 'password' },
    endpointField('https://api.openai.com/v1'),
  ],
};

export const azureOpenAIApi: CredentialDefinition = {
  label: 'Azure OpenAI API',
  name: 'azureOpenAIApi',
  version: 1,
  description:
    'Refer to the Azure OpenAI documentation for the instance name, deployment name and API version.',
  inputs: [
    { label: 'Azure OpenAI Api Key', name: 'azureOpenAIApiKey', type: 'password' },
    {
      label: 'Azure OpenAI Api Instance Name',
      name: 'azureOpenAIApiInstanceName',
      type: 'string',
      placeholder: 'YOUR-INSTANCE-NAME',
    },
    {
      label: 'Azure OpenAI Api Deployment Name',
      name: 'azureOpenAIApiDeploymentName',
      type: 'string',
      placeholder: 'YOUR-DEPLOYMENT-NAME',
    },
    {
      label: 'Azure OpenAI Api Version',
      name: 'azureOpenAIApiVersion',
      type: 'string',
      placeholder: '2024-10-21',
    },
    endpointField('https://YOUR-INSTANCE-NAME.openai.azure.com/openai'),
  ],
};

export const anthropicApi: CredentialDefinition = {
  label: 'Anthropic API',
  name: 'anthropicApi',
  version: 1,
  inputs: [
    { label: 'Anthropic Api Key', name: 'anthropicApiKey', type: 'password' },
    endpointField('https://api.anthropic.com/v1'),
  ],
};

export const googleGenerativeAI: CredentialDefinition = {
  label: 'Google Generative AI',
  name: 'googleGenerativeAI',
  version: 1,
  description: 'API key from Google AI Studio.',
  inputs: [
    { label: 'Google AI API Key', name: 'googleGenerativeAPIKey', type: 'password' },
    endpointField('https://generativelanguage.googleapis.com/v1beta'),
  ],
};

export const mistralAIApi: CredentialDefinition = {
  label: 'MistralAI API',
  name: 'mistralAIApi',
  version: 1,
  inputs: [
    { label: 'MistralAI API Key', name: 'mistralAIAPIKey', type: 'password' },
    endpointField('https://api.mistral.ai/v1'),
  ],
};

export const groqApi: CredentialDefinition = {
  label: 'Groq API',
  name: 'groqApi',
  version: 1,
  inputs: [
    { label: 'Groq Api Key', name: 'groqApiKey', type: 'password' },
    endpointField('https://api.groq.com/openai/v1'),
  ],
};

export const ollamaApi: CredentialDefinition = {
  label: 'Ollama API',
  name: 'ollamaApi',
  version: 1,
  description: 'Only needed when the Ollama server sits behind an authenticating proxy.',
  inputs: [
    { label: 'Ollama Api Key', name: 'ollamaApiKey', type: 'password', optional: true },
    endpointField('http://localhost:11434'),
  ],
};

export const cohereApi: CredentialDefinition = {
  label: 'Cohere API',
  name: 'cohereApi',
  version: 1,
  inputs: [
    { label: 'Cohere Api Key', name: 'cohereApiKey', type: 'password' },
    endpointField('https://api.cohere.com/v2'),
  ],
};

/** For a LocalAI (or other OpenAI-compatible) server that checks an API key. */
export const localAIApi: CredentialDefinition = {
  label: 'LocalAI API',
  name: 'localAIApi',
  version: 1,
  inputs: [
    { label: 'LocalAI Api Key', name: 'localAIApiKey', type: 'password' },
    endpointField(
      'http://localhost:8080/v1',
      'The only server this key is sent to; a Base Path typed into a flow must match it. Empty: the server’s default for LocalAI, if any.',
    ),
  ],
};

/** A key of an OpenAI-compatible model service, with the optional endpoint its key may go to. */
const compatibleKey = (
  name: string,
  label: string,
  field: string,
  fieldLabel: string,
  endpoint: string,
): CredentialDefinition => ({
  label,
  name,
  version: 1,
  inputs: [{ label: fieldLabel, name: field, type: 'password' }, endpointField(endpoint)],
});

export const deepseekApi = compatibleKey(
  'deepseekApi',
  'DeepseekAI API',
  'deepseekApiKey',
  'DeepseekAI API Key',
  'https://api.deepseek.com/v1',
);
export const openRouterApi = compatibleKey(
  'openRouterApi',
  'OpenRouter API Key',
  'openRouterApiKey',
  'OpenRouter API Key',
  'https://openrouter.ai/api/v1',
);
export const xaiApi = compatibleKey('xaiApi', 'Xai API', 'xaiApiKey', 'X AI API Key', 'https://api.x.ai/v1');
export const togetherAIApi = compatibleKey(
  'togetherAIApi',
  'TogetherAI API',
  'togetherAIApiKey',
  'TogetherAI Api Key',
  'https://api.together.xyz/v1',
);
export const cerebrasAIApi = compatibleKey(
  'cerebrasAIApi',
  'Cerebras API Key',
  'cerebrasApiKey',
  'Cerebras API Key',
  'https://api.cerebras.ai/v1',
);
export const huggingFaceApi = compatibleKey(
  'huggingFaceApi',
  'HuggingFace API',
  'huggingFaceApiKey',
  'HuggingFace Api Key',
  'https://router.huggingface.co/v1',
);
export const fireworksApi = compatibleKey(
  'fireworksApi',
  'Fireworks API',
  'fireworksApiKey',
  'Fireworks Api Key',
  'https://api.fireworks.ai/inference/v1',
);
export const sambanovaApi = compatibleKey(
  'sambanovaApi',
  'Sambanova API',
  'sambanovaApiKey',
  'Sambanova Api Key',
  'https://api.sambanova.ai/v1',
);

export const replicateApi: CredentialDefinition = {
  label: 'Replicate API',
  name: 'replicateApi',
  version: 1,
  description: 'An API token from replicate.com (Account settings > API tokens).',
  inputs: [
    { label: 'Replicate Api Key', name: 'replicateApiKey', type: 'password' },
    endpointField('https://api.replicate.com/v1'),
  ],
};

/**
 * AWS keys sign each request (SigV4); the secret itself is never sent. Without keys, the server's
 * own AWS credentials are used only when the operator allows it (FLOWLOOM_AWS_SERVER_CREDENTIALS).
 */
export const awsApi: CredentialDefinition = {
  label: 'AWS security credentials',
  name: 'awsApi',
  version: 1.1,
  description:
    'An AWS access key and secret (and a session token for temporary credentials). Left empty, the server’s own AWS credentials are used only if its administrator allows it.',
  inputs: [
    {
      label: 'AWS Access Key',
      name: 'awsKey',
      type: 'password',
      placeholder: '<AWS_ACCESS_KEY_ID>',
      optional: true,
    },
    {
      label: 'AWS Secret Access Key',
      name: 'awsSecret',
      type: 'password',
      placeholder: '<AWS_SECRET_ACCESS_KEY>',
      optional: true,
    },
    {
      label: 'AWS Session Key',
      name: 'awsSession',
      type: 'password',
      placeholder: '<AWS_SESSION_TOKEN>',
      description: 'Only for temporary credentials.',
      optional: true,
    },
    {
      label: 'Role ARN',
      name: 'roleArn',
      type: 'string',
      placeholder: 'arn:aws:iam::123456789012:role/role-name',
      description: 'Not supported yet: enter the keys of the role’s temporary credentials instead.',
      optional: true,
    },
    {
      label: 'External ID',
      name: 'externalId',
      type: 'string',
      description: 'Not supported yet (goes with Role ARN).',
      optional: true,
    },
  ],
};

export const serpApi: CredentialDefinition = {
  label: 'Serp API',
  name: 'serpApi',
  version: 1,
  description: 'API key from serpapi.com (Google search results for the Serp API tool).',
  inputs: [{ label: 'Serp Api Key', name: 'serpApiKey', type: 'password' }],
};

export const googleCustomSearchApi: CredentialDefinition = {
  label: 'Google Custom Search API',
  name: 'googleCustomSearchApi',
  version: 1,
  description:
    'An API key from the Google Cloud Console (APIs & Services > Credentials, with the Custom Search API enabled) and the ID of a search engine made at programmablesearchengine.google.com.',
  inputs: [
    { label: 'Google Custom Search Api Key', name: 'googleCustomSearchApiKey', type: 'password' },
    { label: 'Programmable Search Engine ID', name: 'googleCustomSearchApiId', type: 'string' },
  ],
};

export const serperApi: CredentialDefinition = {
  label: 'Serper API',
  name: 'serperApi',
  version: 1,
  description: 'API key from serper.dev (Google search results for the Serper tool).',
  inputs: [{ label: 'Serper Api Key', name: 'serperApiKey', type: 'password' }],
};

export const braveSearchApi: CredentialDefinition = {
  label: 'Brave Search API',
  name: 'braveSearchApi',
  version: 1,
  description: 'API key of the Brave Search API (api-dashboard.search.brave.com).',
  inputs: [{ label: 'BraveSearch Api Key', name: 'braveApiKey', type: 'password' }],
};

export const slackApi: CredentialDefinition = {
  label: 'Slack Bot Token',
  name: 'slackApi',
  version: 1,
  description:
    'The bot token (xoxb-…) of a Slack app installed in your workspace, and the workspace (team) id. The Slack MCP tool acts as that bot: it sees the channels the bot was added to.',
  inputs: [
    { label: 'Bot Token', name: 'botToken', type: 'password' },
    {
      label: 'Team ID',
      name: 'teamId',
      type: 'string',
      placeholder: '<SLACK_TEAM_ID>',
      optional: true,
      description: 'Needed only for an app installed across an Enterprise Grid organisation',
    },
  ],
};

export const tavilyApi: CredentialDefinition = {
  label: 'Tavily API',
  name: 'tavilyApi',
  version: 1.1,
  description: 'API key from tavily.com, a search API made for LLMs and AI agents.',
  inputs: [{ label: 'Tavily Api Key', name: 'tavilyApiKey', type: 'password' }],
};

export const githubApi: CredentialDefinition = {
  label: 'Github API',
  name: 'githubApi',
  version: 1,
  description:
    'A personal access token from your GitHub settings (Developer settings → Personal access tokens), for private repositories and a higher rate limit.',
  inputs: [
    { label: 'Access Token', name: 'accessToken', type: 'password', placeholder: '<GITHUB_ACCESS_TOKEN>' },
    endpointField(
      'https://api.github.com',
      'Optional: the only GitHub API this token is sent to, e.g. https://git.example.com/api/v3 for GitHub Enterprise. Empty: https://api.github.com. A Github Instance API typed into a flow must match it.',
    ),
  ],
};

export const httpBasicAuth: CredentialDefinition = {
  label: 'HTTP Basic Auth',
  name: 'httpBasicAuth',
  version: 1,
  inputs: [
    { label: 'Basic Auth Username', name: 'basicAuthUsername', type: 'string' },
    { label: 'Basic Auth Password', name: 'basicAuthPassword', type: 'password' },
  ],
};

export const httpBearerToken: CredentialDefinition = {
  label: 'HTTP Bearer Token',
  name: 'httpBearerToken',
  version: 1,
  inputs: [{ label: 'Token', name: 'token', type: 'password' }],
};

/** The API key of a flow bound to one, for Execute Flow (Flowise `chatflowApi`). */
export const chatflowApi: CredentialDefinition = {
  label: 'Chatflow API',
  name: 'chatflowApi',
  version: 1,
  inputs: [{ label: 'Chatflow Api Key', name: 'chatflowApiKey', type: 'password' }],
};

export const httpApiKey: CredentialDefinition = {
  label: 'HTTP Api Key',
  name: 'httpApiKey',
  version: 1,
  inputs: [
    { label: 'Key', name: 'key', type: 'string', placeholder: 'X-API-Key' },
    { label: 'Value', name: 'value', type: 'password' },
  ],
};

export const redisCacheApi: CredentialDefinition = {
  label: 'Redis API',
  name: 'redisCacheApi',
  version: 1,
  inputs: [
    { label: 'Redis Host', name: 'redisCacheHost', type: 'string', default: '127.0.0.1' },
    { label: 'Port', name: 'redisCachePort', type: 'number', default: '6379' },
    { label: 'User', name: 'redisCacheUser', type: 'string', placeholder: '<REDIS_USERNAME>' },
    { label: 'Password', name: 'redisCachePwd', type: 'password', placeholder: '<REDIS_PASSWORD>' },
    { label: 'Use SSL', name: 'redisCacheSslEnabled', type: 'boolean' },
  ],
};

export const redisCacheUrlApi: CredentialDefinition = {
  label: 'Redis URL',
  name: 'redisCacheUrlApi',
  version: 1,
  inputs: [
    {
      label: 'Redis URL',
      name: 'redisUrl',
      type: 'url',
      placeholder: 'redis://user:password@localhost:6379',
    },
  ],
};

export const upstashRedisMemoryApi: CredentialDefinition = {
  label: 'Upstash Redis Memory API',
  name: 'upstashRedisMemoryApi',
  version: 1,
  description: 'The REST token of an Upstash Redis database (on its page in the Upstash console)',
  inputs: [
    { label: 'Upstash Redis REST Token', name: 'upstashRestToken', type: 'password' },
    {
      label: 'Upstash Redis REST URL',
      name: 'serverUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://<your-url>.upstash.io',
      description:
        'The only URL this token is sent to: the Upstash Redis REST URL typed into a flow must be this one (or left empty to use it).',
    },
  ],
};

export const postgresUrl: CredentialDefinition = {
  label: 'Postgres URL',
  name: 'PostgresUrl',
  version: 1,
  inputs: [
    {
      label: 'Postgres URL',
      name: 'postgresUrl',
      type: 'url',
      placeholder: 'postgresql://user:password@localhost:5432/db',
    },
  ],
};

/*
 * Vector databases and record-manager databases (issue 12). Each may name the one server its secret
 * goes to (a field Flowise does not have): a server typed on the node must then be that one.
 */
const SERVER_DESCRIPTION =
  'Optional: the only server this credential is sent to. A server typed into a flow must match it.';

export const pineconeApi: CredentialDefinition = {
  label: 'Pinecone API',
  name: 'pineconeApi',
  version: 1,
  inputs: [
    { label: 'Pinecone Api Key', name: 'pineconeApiKey', type: 'password' },
    {
      label: 'Controller Host URL',
      name: 'controllerHostUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.pinecone.io',
      description:
        'Optional: a proxy or test server standing in for Pinecone’s API, where this key is sent. Empty: https://api.pinecone.io',
    },
  ],
};

export const qdrantApi: CredentialDefinition = {
  label: 'Qdrant API',
  name: 'qdrantApi',
  version: 1,
  inputs: [
    { label: 'Qdrant API Key', name: 'qdrantApiKey', type: 'password' },
    {
      label: 'Qdrant Server URL',
      name: 'serverUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://xyz.cloud.qdrant.io:6333',
      description: SERVER_DESCRIPTION,
    },
  ],
};

export const chromaApi: CredentialDefinition = {
  label: 'Chroma API',
  name: 'chromaApi',
  version: 1,
  inputs: [
    { label: 'Chroma Api Key', name: 'chromaApiKey', type: 'password' },
    { label: 'Chroma Tenant', name: 'chromaTenant', type: 'string' },
    { label: 'Chroma Database', name: 'chromaDatabase', type: 'string' },
    {
      label: 'Chroma Server URL',
      name: 'serverUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.trychroma.com',
      description: `${SERVER_DESCRIPTION} Empty: Chroma Cloud (https://api.trychroma.com).`,
    },
  ],
};

const databaseServer = (defaultPort: number) => ({
  label: 'Server',
  name: 'server',
  type: 'string',
  optional: true,
  placeholder: `db.example.com:${defaultPort}`,
  description: `Optional: host[:port] of the only server this password is sent to. A Host typed into a flow must match it. The port defaults to ${defaultPort}.`,
});

export const postgresApi: CredentialDefinition = {
  label: 'Postgres API',
  name: 'PostgresApi',
  version: 1,
  inputs: [
    { label: 'User', name: 'user', type: 'string', placeholder: '<POSTGRES_USERNAME>' },
    { label: 'Password', name: 'password', type: 'password', placeholder: '<POSTGRES_PASSWORD>' },
    databaseServer(5432),
  ],
};

export const mySQLApi: CredentialDefinition = {
  label: 'MySQL API',
  name: 'MySQLApi',
  version: 1,
  inputs: [
    { label: 'User', name: 'user', type: 'string', placeholder: '<MYSQL_USERNAME>' },
    { label: 'Password', name: 'password', type: 'password', placeholder: '<MYSQL_PASSWORD>' },
    databaseServer(3306),
  ],
};
