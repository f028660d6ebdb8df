import { describe, expect, it } from 'vitest';
import {
  activeProvider,
  providerColumn,
  rateLimitValue,
  sectionEnabled,
  starterPromptRows,
  starterPromptsValue,
  withKey,
} from './flowSettings';

const flow = (columns: Partial<Record<string, unknown>>) => ({
  chatbotConfig: null,
  apiConfig: null,
  speechToText: null,
  textToSpeech: null,
  followUpPrompts: null,
  ...Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, JSON.stringify(v)])),
});

describe('the Configuration rules', () => {
  it('replaces one key of a column and keeps the others', () => {
    expect(
      JSON.parse(
        withKey(flow({ apiConfig: { overrideConfig: { status: true } } }), 'apiConfig', {
          rateLimit: { status: false },
        }).apiConfig!,
      ),
    ).toEqual({ overrideConfig: { status: true }, rateLimit: { status: false } });
    expect(withKey(flow({}), 'chatbotConfig', { chatFeedback: { status: true } })).toEqual({
      chatbotConfig: '{"chatFeedback":{"status":true}}',
    });
  });

  it('needs all three rate limit fields once one is filled', () => {
    expect(rateLimitValue({ status: true, limitMax: '5', limitDuration: '', limitMsg: '' })).toEqual({
      error: 'Need to fill all rate limit input fields',
    });
    expect(rateLimitValue({ status: true, limitMax: '5', limitDuration: '60', limitMsg: 'Wait' })).toEqual({
      value: { status: true, limitMax: '5', limitDuration: '60', limitMsg: 'Wait' },
    });
    expect(rateLimitValue({ status: false, limitMax: '5', limitDuration: '', limitMsg: '' })).toEqual({
      value: { status: false },
    });
  });

  it('stores starter prompts keyed by row, empty rows included, and reads both forms back', () => {
    expect(starterPromptsValue(['Hi', ''])).toEqual({ 0: { prompt: 'Hi' }, 1: { prompt: '' } });
    expect(starterPromptRows({ 1: { prompt: 'b' }, 0: { prompt: 'a' } })).toEqual(['a', 'b']);
    expect(starterPromptRows(['x'])).toEqual(['x']);
  });

  it('turns one provider on and every other off', () => {
    const stored = {
      openAIWhisper: { status: true, credentialId: 'a' },
      groqWhisper: { status: false, model: 'm' },
    };
    expect(providerColumn(stored, 'groqWhisper', { credentialId: 'b' })).toEqual({
      openAIWhisper: { status: false, credentialId: 'a' },
      groqWhisper: { status: true, model: 'm', credentialId: 'b' },
      none: { status: false },
    });
    expect(providerColumn(stored, 'none', {})).toMatchObject({
      none: { status: true },
      openAIWhisper: { status: false },
    });
    expect(activeProvider({ none: { status: true } })).toBe('none');
    expect(activeProvider(stored)).toBe('openAIWhisper');
  });

  it('marks sections enabled from the saved JSON', () => {
    const configured = flow({
      apiConfig: { rateLimit: { status: true }, overrideConfig: { status: false } },
      chatbotConfig: {
        allowedOrigins: [''],
        starterPrompts: { 0: { prompt: ' ' }, 1: { prompt: 'Hello' } },
        postProcessing: { enabled: true },
        leads: { status: false },
      },
      textToSpeech: { none: { status: true } },
      speechToText: { openAIWhisper: { status: true } },
    });
    expect(sectionEnabled(configured, 'rateLimit')).toBe(true);
    expect(sectionEnabled(configured, 'overrideConfig')).toBe(false);
    expect(sectionEnabled(configured, 'allowedDomains')).toBe(false);
    expect(sectionEnabled(configured, 'conversationStarters')).toBe(true);
    expect(sectionEnabled(configured, 'postProcessing')).toBe(true);
    expect(sectionEnabled(configured, 'leads')).toBe(false);
    expect(sectionEnabled(configured, 'textToSpeech')).toBe(false);
    expect(sectionEnabled(configured, 'speechToText')).toBe(true);
  });
});
