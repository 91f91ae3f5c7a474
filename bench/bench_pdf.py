"""Cost of our PDF pipeline: one branded document (core.pdf.render_pdf with logo, colours and the
HOMOLOGAÇÃO watermark) against a bare xhtml2pdf render of the same HTML.

    python bench/bench_pdf.py [iterations]       (default 30)

Interleaved, in one process; the difference is the Jinja rendering and the watermark stamping. Prints wall time
and the process's CPU time (the steadier figure when the machine is shared).
"""
import base64
import io
import sys
import time

from _common import bench_app, report


def main(iterations: int) -> None:
    from PIL import Image
    from xhtml2pdf import pisa

    from core.pdf import RESOURCE_POLICY, Branding, render_html, render_pdf

    logo = io.BytesIO()
    Image.new("RGB", (240, 80), "#1f4e79").save(logo, format="PNG")
    branding = Branding(legal_name="Transportes Benchmark Ltda", cnpj="11222333000181", footer="Rodapé de teste",
                        primary_color="#aa3300", secondary_color="#f2e6d9",
                        logo_data_uri="data:image/png;base64," + base64.b64encode(logo.getvalue()).decode())
    app = bench_app()
    with app.app_context():
        args = {"branding": branding, "title": "Documento de exemplo"}
        html = render_html("pdf/sample.html", **args)

        def bare() -> bytes:
            out = io.BytesIO()
            assert not pisa.CreatePDF(html, dest=out, encoding="utf-8", resource_policy=RESOURCE_POLICY).err
            return out.getvalue()

        for _ in range(3):  # warm up: fonts parsed, templates compiled
            render_pdf("pdf/sample.html", watermark=True, **args)
            bare()
        ours, plain, ours_cpu, plain_cpu = [], [], [], []
        clock, cpu = time.perf_counter, time.process_time
        for _ in range(iterations):
            start, start_cpu = clock(), cpu()
            pdf = render_pdf("pdf/sample.html", watermark=True, **args)
            ours.append(clock() - start)
            ours_cpu.append(cpu() - start_cpu)
            start, start_cpu = clock(), cpu()
            bare()
            plain.append(clock() - start)
            plain_cpu.append(cpu() - start_cpu)
    print(f"branded PDF with watermark vs bare xhtml2pdf, {iterations} renders each ({len(pdf) // 1024} KiB), wall:")
    report("render_pdf", ours, "xhtml2pdf", plain)
    print("CPU time of this process (steadier than wall time on a shared machine):")
    report("render_pdf", ours_cpu, "xhtml2pdf", plain_cpu)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
