export { startTestLlmServer, type RecordedRequest, type TestLlmServer } from './server.js';
export { embed, replyFromCues, type ScriptedReply } from './replies.js';
export * from './fakes/index.js';
export { spokenAudio } from './audio.js';
export { eventStreamMessage } from './bedrock.js';
