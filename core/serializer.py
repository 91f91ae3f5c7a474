"""RQ serializer: writes JSON (jobs take ids, so nothing else is needed) and reads JSON or pickle.

`rq cron` enqueues with RQ's default pickle serializer and has no option to change it; reading both
lets one worker run the periodic jobs and ours. Redis is trusted infrastructure, as RQ assumes.
"""
import json
import pickle


class JsonFirstSerializer:
    @staticmethod
    def dumps(obj) -> bytes:
        return json.dumps(obj).encode("utf-8")

    @staticmethod
    def loads(data: bytes):
        try:
            return json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            return pickle.loads(data)  # noqa: S301  what `rq cron` enqueues; only our own Redis is read
