"""check.py BUILD - the Kubernetes set in sim/deploy/kubernetes, offline.

Each manifest is read by the Kubernetes Python client's own models (the
Debian package python3-kubernetes): every document must deserialize into
its kind's model and serialize back to the same mapping, so a misspelt or
misplaced field fails here as it would in kubectl.  Then the fields a run
depends on: the shards Job is Indexed with completions equal to its SHARDS
and parallelism at most that, the pods mount the ReadWriteMany claim that
results-claim.yaml defines, under the same volume names, and the merge Job
uses the same image, claim and folder.  Last, the pods' shell lines, taken
from the manifests, run here for every JOB_COMPLETION_INDEX (a later index
started before index 0, to exercise its wait) on a small run, and the merge
Job's line must print, and write, exactly what the unsharded run prints; a
pod run again for a shard already written leaves it alone.
Ends with "check-kubernetes: N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile

import yaml
from kubernetes import client

FOLDER = "sim/deploy/kubernetes"
SHARDS = 8
RUN = "plan 5e6 1e-3 --trials 1 --queries 8e6 --seed 5"
TIMEOUT = 120   # seconds any one command may take

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_checks  # noqa: E402  (tests/reference_checks.py: the one check counter)
from reference_checks import check  # noqa: E402


def load(name, model):
    """The single document of FOLDER/name as `model`, checked to round-trip."""
    with open(os.path.join(FOLDER, name)) as stream:
        documents = [d for d in yaml.safe_load_all(stream) if d is not None]
    check(f"{name}: one document", len(documents) == 1, len(documents))
    api = client.ApiClient()
    obj = api._ApiClient__deserialize(documents[0], model)
    back = api.sanitize_for_serialization(obj)
    check(f"{name}: every field is one of {model}'s, as the model reads it", back == documents[0],
          f"{documents[0]} != {back}")
    return obj


def env_of(container):
    return {e.name: e.value for e in (container.env or [])}


def claim_mounts(pod):
    """(claim name, mount path) of every container mount that is a claim."""
    claims = {v.name: v.persistent_volume_claim.claim_name
              for v in pod.volumes or [] if v.persistent_volume_claim is not None}
    mounts = []
    for container in pod.containers:
        for mount in container.volume_mounts or []:
            check(f"volume mount {mount.name} names a volume of the pod", mount.name in claims, mount.name)
            mounts.append((claims.get(mount.name), mount.mount_path))
    return mounts


def run(line, folder, path, extra):
    environment = dict(os.environ, PATH=path, **extra)
    return subprocess.Popen(["sh", "-c", line], cwd=folder, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process, name):
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        check(f"{name}: ends within {TIMEOUT} s", False)
        return out
    check(f"{name}: exits 0", process.returncode == 0, err.strip())
    return out


def main():
    build = os.path.abspath(sys.argv[1])
    claim = load("results-claim.yaml", "V1PersistentVolumeClaim")
    shards = load("shards-job.yaml", "V1Job")
    merge = load("merge-job.yaml", "V1Job")

    check("claim: ReadWriteMany (pods on several nodes write to it)",
          "ReadWriteMany" in (claim.spec.access_modes or []), claim.spec.access_modes)
    spec = shards.spec
    shard = spec.template.spec.containers[0]
    settings = env_of(shard)
    check("shards: completionMode Indexed", spec.completion_mode == "Indexed", spec.completion_mode)
    check("shards: completions equal SHARDS", str(spec.completions) == settings.get("SHARDS"),
          (spec.completions, settings.get("SHARDS")))
    check("shards: parallelism at most completions", 0 < spec.parallelism <= spec.completions)
    check("shards: failed pods are rerun as new pods (restartPolicy Never, backoffLimit > 0)",
          spec.template.spec.restart_policy == "Never" and spec.backoff_limit > 0)
    merge_container = merge.spec.template.spec.containers[0]
    check("merge: the shards' image", merge_container.image == shard.image)
    check("merge: not retried (a refusal is final)", merge.spec.backoff_limit == 0)
    for name, job, container in (("shards", shards, shard), ("merge", merge, merge_container)):
        mounts = claim_mounts(job.spec.template.spec)
        check(f"{name}: mounts the claim results-claim.yaml defines",
              (claim.metadata.name, container.working_dir) in mounts, mounts)
        check(f"{name}: shell line as sh -c", container.command == ["sh", "-c"] and len(container.args) == 1)

    path = build + os.pathsep + os.environ.get("PATH", "")
    with tempfile.TemporaryDirectory() as folder:
        extra = {"SHARDS": str(SHARDS), "RUN": RUN}
        early = run(shard.args[0], folder, path, dict(extra, JOB_COMPLETION_INDEX="3"))
        finish(run(shard.args[0], folder, path, dict(extra, JOB_COMPLETION_INDEX="0")), "pod 0")
        finish(early, "pod 3, started before pod 0")
        check("pod 0 wrote the filter file", os.path.exists(os.path.join(folder, "filter.0")))
        for index in (1, 2, 4, 5, 6, 7):
            finish(run(shard.args[0], folder, path, dict(extra, JOB_COMPLETION_INDEX=str(index))),
                   f"pod {index}")
        names = sorted(n for n in os.listdir(folder) if n.startswith("shard."))
        check("pod I wrote shard.I+1.txt, as the merge counts them",
              names == sorted(f"shard.{i}.txt" for i in range(1, SHARDS + 1)), names)
        kept = os.stat(os.path.join(folder, "shard.3.txt")).st_mtime_ns
        finish(run(shard.args[0], folder, path, dict(extra, JOB_COMPLETION_INDEX="2")), "pod 2 again")
        check("a pod whose shard file exists leaves it as it is",
              os.stat(os.path.join(folder, "shard.3.txt")).st_mtime_ns == kept)
        whole = subprocess.run([os.path.join(build, "bloomsim")] + RUN.split(), capture_output=True,
                               text=True, timeout=TIMEOUT).stdout
        printed = finish(run(merge_container.args[0], folder, path, {}), "merge")
        with open(os.path.join(folder, "result.txt")) as result:
            written = result.read()
        check("merge: result.txt is the unsharded run's output, byte for byte", written == whole)
        check("merge: and it prints it", printed == whole)
        os.remove(os.path.join(folder, "shard.5.txt"))
        refused = run(merge_container.args[0], folder, path, {})
        refused.communicate(timeout=TIMEOUT)
        check("merge: with a shard missing it fails", refused.returncode == 2)

    print(f"check-kubernetes: {reference_checks.passed} passed, {reference_checks.failed} failed")
    return 0 if reference_checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
