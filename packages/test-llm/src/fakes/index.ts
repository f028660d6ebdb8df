export { startFakeChroma, type ChromaCollection, type FakeChroma, type FakeChromaOptions } from './chroma.js';
export {
  json,
  startFakeService,
  type FakeAnswer,
  type FakeCall,
  type FakeMode,
  type FakeService,
} from './fake-http.js';
export { startFakePinecone, type FakePinecone, type FakePineconeOptions } from './pinecone.js';
export { startFakeQdrant, type FakeQdrant, type FakeQdrantOptions, type QdrantCollection } from './qdrant.js';
export {
  replicateTokens,
  startFakeReplicate,
  type FakeReplicate,
  type FakeReplicateOptions,
  type ReplicateScript,
} from './replicate.js';
export { startFakeHuggingFace, type FakeHuggingFace, type FakeHuggingFaceOptions } from './huggingface.js';
export {
  bearerOf,
  startFakeOAuthProvider,
  type FakeAuthorization,
  type FakeOAuthProvider,
  type FakeOAuthProviderOptions,
} from './oauth-provider.js';
export {
  startFakeGmail,
  type FakeGmail,
  type FakeGmailLabel,
  type FakeGmailMessage,
  type FakeGmailOptions,
} from './gmail.js';
export { startFakeGraph, type FakeGraph, type FakeGraphOptions } from './graph.js';
export { startFakeUpstash, type FakeUpstash, type FakeUpstashOptions } from './upstash.js';
export {
  startFakeSlack,
  type FakeSlack,
  type FakeSlackChannel,
  type FakeSlackMessage,
  type FakeSlackOptions,
} from './slack.js';
