import { describe, expect, it } from 'vitest';
import { chatFeaturesOf } from './chatFeatures';

const flow = (columns: Partial<Record<string, object>>) => ({
  chatbotConfig: columns.chatbotConfig ? JSON.stringify(columns.chatbotConfig) : null,
  apiConfig: null,
  speechToText: columns.speechToText ? JSON.stringify(columns.speechToText) : null,
  textToSpeech: columns.textToSpeech ? JSON.stringify(columns.textToSpeech) : null,
  followUpPrompts: columns.followUpPrompts ? JSON.stringify(columns.followUpPrompts) : null,
});

describe('chat features of a flow', () => {
  it('are all off for a flow without settings', () => {
    expect(chatFeaturesOf(flow({}))).toEqual({ followUpPrompts: false, speechToText: false });
  });

  it('offer follow-up prompts when the Configuration switched them on for the chat', () => {
    expect(
      chatFeaturesOf(flow({ chatbotConfig: { followUpPrompts: { status: true } } })).followUpPrompts,
    ).toBe(true);
    expect(
      chatFeaturesOf(flow({ chatbotConfig: { followUpPrompts: { status: false } } })).followUpPrompts,
    ).toBe(false);
  });

  it('read answers aloud when a voice is on, by themselves when it says autoPlay', () => {
    expect(
      chatFeaturesOf(
        flow({
          textToSpeech: { openai: { status: true, credentialId: 'c', voice: 'alloy', autoPlay: true } },
        }),
      ).textToSpeech,
    ).toEqual({ autoPlay: true });
    expect(
      chatFeaturesOf(flow({ textToSpeech: { openai: { status: true, credentialId: 'c' } } })).textToSpeech,
    ).toEqual({ autoPlay: false });
    expect(
      chatFeaturesOf(
        flow({ textToSpeech: { openai: { status: false, autoPlay: true }, none: { status: true } } }),
      ).textToSpeech,
    ).toBeUndefined();
  });

  it('record questions when a speech to text provider is on, not when "None" is', () => {
    expect(chatFeaturesOf(flow({ speechToText: { openAIWhisper: { status: true } } })).speechToText).toBe(
      true,
    );
    expect(
      chatFeaturesOf(flow({ speechToText: { openAIWhisper: { status: false }, none: { status: true } } }))
        .speechToText,
    ).toBe(false);
  });
});
