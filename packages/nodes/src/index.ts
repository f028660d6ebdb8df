export { credentialDefinitions, getCredentialDefinition } from './credentials/registry.js';
