export { startFakeChroma, type ChromaCollection, type FakeChroma, type FakeChromaOptions } from './chroma.js';
export type { FakeCall, FakeMode, FakeService } from './fake-http.js';
export { startFakePinecone, type FakePinecone, type FakePineconeOptions } from './pinecone.js';
export { startFakeQdrant, type FakeQdrant, type FakeQdrantOptions, type QdrantCollection } from './qdrant.js';
