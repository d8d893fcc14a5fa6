"""What the official OpenAI and Anthropic SDKs make of a streamed answer
served at BASE: printed as one JSON line, or the error they raised.

    python model_sdks.py openai|anthropic|openai-live BASE

openai-live prints each text delta as a JSON line the moment the SDK yields
it ({"delta": …}), then the joined text ({"text": …}): a test feeding the
stream reads each line before it sends the next piece.
"""
import json
import sys

import anthropic
import openai


def run_openai(base):
    client = openai.OpenAI(base_url=base + "/v1", api_key="sk-test", max_retries=0)
    with client.chat.completions.stream(model="test-model", messages=[{"role": "user", "content": "hi"}],
                                        stream_options={"include_usage": True}) as stream:
        final = stream.get_final_completion()
    choice = final.choices[0]
    tools = [{"id": call.id, "name": call.function.name, "arguments": json.loads(call.function.arguments)}
             for call in choice.message.tool_calls or []]
    usage = [final.usage.prompt_tokens, final.usage.completion_tokens] if final.usage else None
    return {"text": choice.message.content, "tools": tools, "stop": choice.finish_reason, "usage": usage}


def run_anthropic(base):
    client = anthropic.Anthropic(base_url=base, api_key="sk-test", max_retries=0)
    with client.messages.stream(model="test-model", max_tokens=100, messages=[{"role": "user", "content": "hi"}]) as stream:
        final = stream.get_final_message()
    text = "".join(block.text for block in final.content if block.type == "text")
    tools = [{"id": block.id, "name": block.name, "arguments": block.input} for block in final.content if block.type == "tool_use"]
    return {"text": text, "tools": tools, "stop": final.stop_reason, "usage": [final.usage.input_tokens, final.usage.output_tokens]}


def run_openai_live(base):
    client = openai.OpenAI(base_url=base + "/v1", api_key="sk-test", max_retries=0)
    text = ""
    for chunk in client.chat.completions.create(model="test-model", messages=[{"role": "user", "content": "hi"}], stream=True):
        for choice in chunk.choices:
            if choice.delta.content:
                text += choice.delta.content
                print(json.dumps({"delta": choice.delta.content}), flush=True)
    return {"text": text}


def main():
    sdk, base = sys.argv[1], sys.argv[2]
    try:
        runs = {"openai": run_openai, "anthropic": run_anthropic, "openai-live": run_openai_live}
        result = runs[sdk](base)
    except Exception as error:  # noqa: BLE001 - the test reads which error the SDK raised
        result = {"error": type(error).__name__, "message": str(error)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
