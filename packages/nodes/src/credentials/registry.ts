import type { CredentialDefinition } from '@flowloom/shared';
import * as definitions from './definitions.js';
import { gmailOAuth2, microsoftTeamsOAuth2, slackOAuth2 } from './oauth2-definitions.js';

/** Every credential type, listed explicitly (no filesystem scan at start-up). */
export const credentialDefinitions: readonly CredentialDefinition[] = [
  definitions.openAIApi,
  definitions.azureOpenAIApi,
  definitions.anthropicApi,
  definitions.googleGenerativeAI,
  definitions.mistralAIApi,
  definitions.groqApi,
  definitions.ollamaApi,
  definitions.cohereApi,
  definitions.localAIApi,
  definitions.deepseekApi,
  definitions.openRouterApi,
  definitions.xaiApi,
  definitions.togetherAIApi,
  definitions.cerebrasAIApi,
  definitions.huggingFaceApi,
  definitions.fireworksApi,
  definitions.sambanovaApi,
  definitions.replicateApi,
  definitions.awsApi,
  definitions.serpApi,
  definitions.googleCustomSearchApi,
  definitions.serperApi,
  definitions.braveSearchApi,
  definitions.slackApi,
  definitions.tavilyApi,
  definitions.githubApi,
  definitions.httpBasicAuth,
  definitions.httpBearerToken,
  definitions.httpApiKey,
  definitions.chatflowApi,
  definitions.redisCacheApi,
  definitions.redisCacheUrlApi,
  definitions.upstashRedisMemoryApi,
  definitions.postgresUrl,
  definitions.pineconeApi,
  definitions.qdrantApi,
  definitions.chromaApi,
  definitions.postgresApi,
  definitions.mySQLApi,
  gmailOAuth2,
  microsoftTeamsOAuth2,
  slackOAuth2,
];

const byName = new Map(credentialDefinitions.map((d) => [d.name, d]));

export function getCredentialDefinition(name: string): CredentialDefinition | undefined {
  return byName.get(name);
}
