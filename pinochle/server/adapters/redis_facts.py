"""Facts of a table (:class:`~.base.Facts`) on Redis: ``{p}{name}``, a string that lives a day
(:data:`FACTS_TTL`; ``{p}standins:{match id}``: the places the owner's computers play for people away)."""

from __future__ import annotations

from .redis_client import RedisClient

#: Seconds a fact of a table lives after its last change.
FACTS_TTL = 24 * 3600


class RedisFacts(RedisClient):
    """:class:`~.base.Facts` on Redis (arguments: :class:`~.redis_client.RedisClient`'s)."""

    async def put_fact(self, name: str, value: str) -> None:
        """Set ``{p}{name}`` to ``value`` for :data:`FACTS_TTL` seconds.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            await self.redis.set(self.key(name), value, ex=FACTS_TTL)

    async def fact(self, name: str) -> str | None:
        """The value of ``{p}{name}``, or ``None``.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            value = await self.redis.get(self.key(name))
        return None if value is None else str(value)
