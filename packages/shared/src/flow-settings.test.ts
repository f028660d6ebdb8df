import { describe, expect, it } from 'vitest';
import { flowSettingsProblem, RATE_LIMIT_INCOMPLETE } from './flow-settings.js';
import { createChatflowBody, updateChatflowBody } from './chatflow.js';
import { buildOverrideSettings, overrideParamKey, withOverrideSettings } from './rules/override-config.js';

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

  it('is the same check on create as on update', () => {
    const create = (fields: Record<string, unknown>) =>
      createChatflowBody.safeParse({ name: 'x', type: 'CHATFLOW', ...fields }).error?.issues[0]?.message;
    const update = (fields: Record<string, unknown>) =>
      updateChatflowBody.safeParse(fields).error?.issues[0]?.message;
    for (const [fields, message] of [
      [
        { apiConfig: json({ rateLimit: { status: true, limitMax: '5' } }) },
        `apiConfig.rateLimit: ${RATE_LIMIT_INCOMPLETE}`,
      ],
      [{ textToSpeech: { elevenlabs: { status: true } } }, /not supported/],
      [{ followUpPrompts: json({ status: true }) }, /^followUpPrompts: needs a supported selectedProvider/],
      [{ apiConfig: json({ notes: 'x'.repeat(300_000) }) }, 'apiConfig must be at most 262144 characters'],
      [{ chatbotConfig: json({ leads: { status: 'on' } }) }, /^chatbotConfig\.leads\.status: /],
    ] as const) {
      expect(create(fields)).toMatch(message);
      expect(update(fields)).toMatch(message);
    }
    expect(create({ apiConfig: null, speechToText: json({ none: { status: true } }) })).toBeUndefined();
  });

  it('names the setting once in messages worded for the form, and the key path in the others', () => {
    expect(flowSettingsProblem('chatbotConfig', json({ botMessage: 'blue' }))).toBe(
      'chatbotConfig: Bot message settings must be an object',
    );
    expect(
      flowSettingsProblem('apiConfig', json({ overrideConfig: { nodes: { Model: [{ name: 7 }] } } })),
    ).toBe('apiConfig: overrideConfig.nodes input name must be text');
    expect(
      flowSettingsProblem(
        'apiConfig',
        json({ rateLimit: { status: true, limitMax: '5', limitDuration: '60', limitMsg: 42 } }),
      ),
    ).toBe('apiConfig.rateLimit.limitMsg: must be text of at most 2000 characters');
  });
});

describe('issue 13: an old flow with a switched-off rate limit', () => {
  const params = [
    { node: 'ChatOpenAI', nodeId: 'chatOpenAI_0', label: 'Temperature', name: 'temperature', type: 'number' },
  ];
  const overrides = buildOverrideSettings({
    status: true,
    params,
    enabledParams: new Set([overrideParamKey(params[0]!)]),
    variables: [],
    enabledVariables: new Set(),
  });

  it.each([
    { status: false },
    { limitMax: '5' },
    { status: false, limitMax: 5, limitDuration: null, limitMsg: null },
    { status: false, limitMax: 'ten', limitDuration: '', limitMsg: 7 },
    null,
  ])('can still save its override switches (stored rate limit %j)', (stored) => {
    const apiConfig = withOverrideSettings(json({ rateLimit: stored }), overrides);
    expect(flowSettingsProblem('apiConfig', apiConfig)).toBeUndefined();
    expect(updateChatflowBody.safeParse({ apiConfig }).success).toBe(true);
    expect(createChatflowBody.safeParse({ name: 'Old', type: 'CHATFLOW', apiConfig }).success).toBe(true);
  });

  it('is refused while its rate limit is on and incomplete', () => {
    const apiConfig = withOverrideSettings(
      json({ rateLimit: { status: true, limitMax: '5', limitDuration: null } }),
      overrides,
    );
    expect(updateChatflowBody.safeParse({ apiConfig }).error?.issues[0]?.message).toBe(
      `apiConfig.rateLimit: ${RATE_LIMIT_INCOMPLETE}`,
    );
  });
});
