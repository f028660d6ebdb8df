import type { CredentialDefinition } from '@flowloom/shared';

/** Credential types, Flowise names and field names so imported flows find their credentials. */

/**
 * Model credentials may name the one endpoint their key is sent to (a field Flowise does not have):
 * a flow's own Base URL must then match it, so editing a flow cannot redirect a stored key.
 */
const ENDPOINT_DESCRIPTION =
  'Optional: the only server this key is sent to, e.g. an OpenAI-compatible server or a proxy. Empty: the provider’s own endpoint (or the server’s default). A Base URL typed into a flow must match it.';
export const openAIApi: CredentialDefinition = {
  label: 'OpenAI API',
  name: 'openAIApi',
  version: 1,
  inputs: [
    { label: 'OpenAI Api Key', name: 'openAIApiKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.openai.com/v1',
      description: ENDPOINT_DESCRIPTION,
    },
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
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://YOUR-INSTANCE-NAME.openai.azure.com/openai',
      description: ENDPOINT_DESCRIPTION,
    },
  ],
};

export const anthropicApi: CredentialDefinition = {
  label: 'Anthropic API',
  name: 'anthropicApi',
  version: 1,
  inputs: [
    { label: 'Anthropic Api Key', name: 'anthropicApiKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.anthropic.com/v1',
      description: ENDPOINT_DESCRIPTION,
    },
  ],
};

export const googleGenerativeAI: CredentialDefinition = {
  label: 'Google Generative AI',
  name: 'googleGenerativeAI',
  version: 1,
  description: 'API key from Google AI Studio.',
  inputs: [
    { label: 'Google AI API Key', name: 'googleGenerativeAPIKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://generativelanguage.googleapis.com/v1beta',
      description: ENDPOINT_DESCRIPTION,
    },
  ],
};

export const mistralAIApi: CredentialDefinition = {
  label: 'MistralAI API',
  name: 'mistralAIApi',
  version: 1,
  inputs: [
    { label: 'MistralAI API Key', name: 'mistralAIAPIKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.mistral.ai/v1',
      description: ENDPOINT_DESCRIPTION,
    },
  ],
};

export const groqApi: CredentialDefinition = {
  label: 'Groq API',
  name: 'groqApi',
  version: 1,
  inputs: [
    { label: 'Groq Api Key', name: 'groqApiKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.groq.com/openai/v1',
      description: ENDPOINT_DESCRIPTION,
    },
  ],
};

export const ollamaApi: CredentialDefinition = {
  label: 'Ollama API',
  name: 'ollamaApi',
  version: 1,
  description: 'Only needed when the Ollama server sits behind an authenticating proxy.',
  inputs: [
    { label: 'Ollama Api Key', name: 'ollamaApiKey', type: 'password', optional: true },
    {
      label: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      optional: true,
      placeholder: 'http://localhost:11434',
      description: ENDPOINT_DESCRIPTION,
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
