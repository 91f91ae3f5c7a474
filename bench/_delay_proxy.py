"""Run by bench_freights.py --round-trip-ms: a TCP proxy in front of PostgreSQL that holds every chunk it relays for
half the given round trip, each way, as a database on another host would (loopback's own round trip is tens of
microseconds). The order of chunks in each direction is kept (one queue per direction).

    python bench/_delay_proxy.py <listen port> <target host> <target port> <round trip ms>
"""
import asyncio
import sys


async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()

    async def sender() -> None:
        while True:
            due, chunk = await queue.get()
            if chunk is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(chunk)
            await writer.drain()
        writer.close()

    task = asyncio.create_task(sender())
    try:
        while chunk := await reader.read(65536):
            queue.put_nowait((loop.time() + delay, chunk))
    finally:
        queue.put_nowait((0, None))
        await task


async def main() -> None:
    port, host, target_port, round_trip_ms = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    delay = round_trip_ms / 2000

    async def handle(client_reader, client_writer):
        server_reader, server_writer = await asyncio.open_connection(host, target_port)
        await asyncio.gather(relay(client_reader, server_writer, delay), relay(server_reader, client_writer, delay),
                             return_exceptions=True)

    server = await asyncio.start_server(handle, "127.0.0.1", port)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
