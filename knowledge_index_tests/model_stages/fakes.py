"""A FAKE provider for the model-stage tests: scripted faults, then the offline policy answers.

Registered through litellm's own extension point (`custom_provider_map`) under `ki-fake-flaky`,
so the gateway's error mapping, cooldown and usage ledger run exactly as for a real provider.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from typing import Any

from knowledge_index.gateway._litellm import CustomLLM, register_provider

PREFIX = "ki-fake-flaky"
MODEL = f"{PREFIX}/scripted"


class FlakyOfflineFake(CustomLLM):
    """Raises the scripted faults in order, then answers like the offline model."""

    def __init__(self, faults: Iterable[BaseException] = ()) -> None:
        super().__init__()
        self.faults: deque[BaseException] = deque(faults)
        self.calls = 0
        self.faulted = 0
        self._lock = threading.Lock()

    def completion(self, *args: Any, **kwargs: Any) -> Any:
        from knowledge_index.gateway.offline import OFFLINE_MODEL, register_offline_provider

        register_offline_provider()
        with self._lock:
            self.calls += 1
            fault = self.faults.popleft() if self.faults else None
            self.faulted += fault is not None
        if fault is not None:
            raise fault
        return OFFLINE_MODEL.completion(*args, **kwargs)

    async def acompletion(self, *args: Any, **kwargs: Any) -> Any:
        return self.completion(*args, **kwargs)


def install_flaky(faults: Iterable[BaseException] = ()) -> FlakyOfflineFake:
    fake = FlakyOfflineFake(faults)
    register_provider(PREFIX, fake)
    return fake
