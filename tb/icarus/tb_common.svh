// SPDX-License-Identifier: MIT
// Shared by the Icarus testbenches (tb/icarus/tb_*.sv): clock, cycle counter, checks and
// the final verdict. Include inside the testbench module, after declaring `clk`.
// A check that fails prints "FAIL <tb>: cycle N: <what> = got, expected exp"; the end
// prints "PASS <tb>: ..." or "FAIL <tb>: ..." and exits with $fatal on failure.

  integer cycle = 0;        // rising edges since time 0
  integer errors = 0;
  integer checks = 0;

  initial clk = 1'b0;
  always #5 clk = ~clk;     // 100 MHz in simulation: only the cycle count matters
  always @(posedge clk) cycle <= cycle + 1;

  // got/exp compared with !== so that X or Z is a failure too
  task automatic check(input [8*40-1:0] what, input [255:0] got, input [255:0] exp);
    checks = checks + 1;
    if (got !== exp) begin
      errors = errors + 1;
      $display("FAIL %0s: cycle %0d: %0s = %0d (0x%0h), expected %0d (0x%0h)",
               TB_NAME, cycle, what, got, got, exp, exp);
    end
  endtask

  task automatic finish_tb;
    if (errors == 0 && checks > 0) begin
      $display("PASS %0s: %0d checks, %0d cycles", TB_NAME, checks, cycle);
      $finish;
    end else begin
      $display("FAIL %0s: %0d of %0d checks failed (first failing cycle printed above)",
               TB_NAME, errors, checks);
      $fatal(1, "%0s failed", TB_NAME);
    end
  endtask

  // a run that hangs fails instead of timing out silently; a testbench may lower it
  integer max_cycles = 200000;
  always @(posedge clk)
    if (cycle >= max_cycles) begin
      $display("FAIL %0s: cycle %0d: watchdog (no progress)", TB_NAME, cycle);
      $fatal(1, "%0s watchdog", TB_NAME);
    end
