import { describe, expect, it } from 'vitest';
import { flowSettingsProblem, RATE_LIMIT_INCOMPLETE } from './flow-settings.js';
import { updateChatflowBody } from './chatflow.js';

const json = (value: unknown) => JSON.stringify(value);

describe('flowSettingsProblem', () => {
  it('accepts what the Configuration dialog writes, and unknown keys', () => {
    expect(
      flowSettingsProblem(
        'chatbotConfig',
        json({
          starterPrompts: { 0: { prompt: 'Hi' }, 1: { prompt: '' } },
          leads: { status: true, title: 'Hey', name: true, email: true, phone: false },
          postProcessing: { enabled: true, customFunction: json('return $flow.rawOutput') },
          allowedOrigins: [''],
          titleBackgroundColor: '#3B81F6',
        }),
      ),
    ).toBeUndefined();
    expect(
      flowSettingsProblem(
        'apiConfig',
        json({ rateLimit: { status: true, limitMax: '5', limitDuration: '60', limitMsg: 'Wait' } }),
      ),
    ).toBeUndefined();
    expect(
      flowSettingsProblem(
        'textToSpeech',
        json({ openai: { status: true, credentialId: 'c', voice: 'alloy' } }),
      ),
    ).toBeUndefined();
  });

  it('refuses an incomplete or invalid rate limit', () => {
    expect(flowSettingsProblem('apiConfig', json({ rateLimit: { status: true, limitMax: '5' } }))).toBe(
      `apiConfig.rateLimit: ${RATE_LIMIT_INCOMPLETE}`,
    );
    expect(
      flowSettingsProblem(
        'apiConfig',
        json({ rateLimit: { status: true, limitMax: '-1', limitDuration: '60', limitMsg: 'x' } }),
      ),
    ).toBe('apiConfig.rateLimit.limitMax: must be a whole number above 0');
  });

  it('refuses wrong types, non-objects, oversized text and unsupported providers', () => {
    expect(flowSettingsProblem('chatbotConfig', json({ chatFeedback: { status: 'yes' } }))).toMatch(
      /^chatbotConfig\.chatFeedback\.status: /,
    );
    expect(flowSettingsProblem('chatbotConfig', '[1]')).toBe('chatbotConfig must be a JSON object');
    expect(flowSettingsProblem('chatbotConfig', '{')).toBe('chatbotConfig must be valid JSON');
    expect(flowSettingsProblem('speechToText', 'x'.repeat(20_000))).toBe(
      'speechToText must be at most 16384 characters',
    );
    expect(flowSettingsProblem('textToSpeech', json({ elevenlabs: { status: true } }))).toMatch(
      /not supported/,
    );
    expect(
      flowSettingsProblem(
        'speechToText',
        json({ openAIWhisper: { status: true }, groqWhisper: { status: true } }),
      ),
    ).toMatch(/only one/);
    expect(
      flowSettingsProblem('chatbotConfig', json({ postProcessing: { enabled: true, customFunction: '' } })),
    ).toMatch(/needs a function/);
    expect(flowSettingsProblem('followUpPrompts', json({ status: true, selectedProvider: 'nope' }))).toMatch(
      /selectedProvider/,
    );
  });

  it('is applied by the update body schema', () => {
    const result = updateChatflowBody.safeParse({
      apiConfig: { rateLimit: { status: true, limitMsg: 'x' } },
    });
    expect(result.success).toBe(false);
    expect(updateChatflowBody.safeParse({ name: 'x' }).success).toBe(true);
  });
});
