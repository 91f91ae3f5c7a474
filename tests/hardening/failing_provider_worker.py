"""`flask --app app worker emission` whose CIOT provider is down (every emission raises ProviderUnavailable, so RQ
schedules the retry). tests/hardening/test_worker_faults.py kills it once the retry is scheduled: the retry must
not be stranded in its dead scheduler. Run as `python -m tests.hardening.failing_provider_worker`."""
import os
import sys

from flask.cli import main

if __name__ == "__main__":
    # the provider is a deployment setting read from the environment (core/config.py)
    os.environ["CIOT_PROVIDER_HOMOLOG"] = "tests.jobs.test_ciot_emission.FailingProvider"
    sys.argv = ["flask", "--app", "app", "worker", "emission"]
    sys.exit(main())
