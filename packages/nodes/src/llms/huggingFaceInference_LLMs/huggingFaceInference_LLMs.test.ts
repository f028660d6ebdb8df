import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startFakeHuggingFace, type FakeHuggingFace } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith } from '../../testing/model-flow.js';
import { HF_TIMING, huggingFaceInference_LLMs } from './huggingFaceInference_LLMs.js';

let hf: FakeHuggingFace;
beforeAll(async () => (hf = await startFakeHuggingFace()));
afterAll(() => hf.close());
beforeEach(() => {
  hf.calls.length = 0;
  hf.mode = 'normal';
});

const engine = (credential: Record<string, unknown> = { huggingFaceApiKey: 'hf_test' }) =>
  createTestEngine({
    nodes: [huggingFaceInference_LLMs, ...CHAIN_NODES],
    credentials: { key: { credentialName: 'huggingFaceApi', data: credential } },
    services: { providerBaseUrls: { huggingfaceInference: hf.inferenceUrl } },
  });
const flow = (inputs: Record<string, unknown>) =>
  llmChainWith(
    { id: 'huggingFaceInference_LLMs_0', type: huggingFaceInference_LLMs, inputs, credential: 'key' },
    'Question: {question}\n\nAnswer:',
  );

describe('HuggingFace Inference (LLMs)', () => {
  it("generates on the model's serverless route with the key and the node's parameters", async () => {
    const result = await engine().run(
      flow({
        model: 'tiiuae/falcon-7b-instruct',
        temperature: 0.5,
        maxTokens: 50,
        topP: 0.8,
        hfTopK: 10,
        frequencyPenalty: 1.2,
      }),
      { question: 'why is the sky blue?' },
    );
    expect(result.output.text).toBe('HF generated from: Question: why is the sky blue?\n\nAnswer:');
    const call = hf.calls[0]!;
    expect(call.path).toBe('/hf-inference/models/tiiuae/falcon-7b-instruct');
    expect(call.headers.authorization).toBe('Bearer hf_test');
    expect(call.body).toEqual({
      inputs: 'Question: why is the sky blue?\n\nAnswer:',
      parameters: {
        return_full_text: false,
        temperature: 0.5,
        max_new_tokens: 50,
        top_p: 0.8,
        top_k: 10,
        repetition_penalty: 1.2,
      },
    });
  });

  it("calls an Endpoint named by the credential's Base URL, and a TGI server's /generate", async () => {
    const endpoint = `${hf.url}/my-endpoint/generate`;
    const result = await engine({ huggingFaceApiKey: 'hf_test', baseUrl: hf.url }).run(flow({ endpoint }), {
      question: 'x',
    });
    expect(result.output.text).toBe('HF generated from: Question: x\n\nAnswer:');
    expect(hf.calls[0]!.path).toBe('/my-endpoint/generate');
  });

  it('refuses to send the key to an Endpoint its credential does not name', async () => {
    await expect(
      engine().run(flow({ endpoint: 'https://elsewhere.example/gpt2' }), { question: 'x' }),
    ).rejects.toThrow(
      /the Endpoint https:\/\/elsewhere.example\/gpt2 is not where its credential may be sent/,
    );
    expect(hf.calls).toHaveLength(0);
  });

  it('calls a keyless Endpoint without any key', async () => {
    const open = await startFakeHuggingFace({ token: null });
    try {
      await engine({}).run(flow({ endpoint: `${open.url}/tgi` }), { question: 'x' });
      expect(open.calls[0]!.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('fails naming the node on provider errors, answers without text and timeouts', async () => {
    hf.script({ status: 503, body: { error: 'Model tiiuae/falcon-7b-instruct is currently loading' } });
    await expect(
      engine().run(flow({ model: 'tiiuae/falcon-7b-instruct' }), { question: 'x' }),
    ).rejects.toThrow(
      /HuggingFace Inference: the service answered 503: Model tiiuae\/falcon-7b-instruct is currently loading/,
    );
    hf.script({ status: 200, body: [{ label: 'POSITIVE' }] });
    await expect(engine().run(flow({ model: 'gpt2' }), { question: 'x' })).rejects.toThrow(
      /HuggingFace Inference: the answer holds no generated_text/,
    );
    const limit = HF_TIMING.timeoutMs;
    HF_TIMING.timeoutMs = 150;
    hf.mode = 'hang';
    try {
      await expect(engine().run(flow({ model: 'gpt2' }), { question: 'x' })).rejects.toThrow(
        /HuggingFace Inference: no answer within 0.15 s/,
      );
    } finally {
      HF_TIMING.timeoutMs = limit;
    }
  });

  it('asks for a model or an endpoint, and for a key on the serverless API', async () => {
    await expect(engine().run(flow({}), { question: 'x' })).rejects.toThrow(/enter a Model/);
    await expect(engine({}).run(flow({ model: 'gpt2' }), { question: 'x' })).rejects.toThrow(
      /connect a HuggingFace API credential/,
    );
    await expect(engine().run(flow({ endpoint: 'ftp://x' }), { question: 'x' })).rejects.toThrow(
      /must start with https:\/\/ or http:\/\//,
    );
  });
});
