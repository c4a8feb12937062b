// --census on a path with no readable name before its end (sta_test.sh checks its report):
// the start register's output and the LUTs' outputs are named with a '$' (as Yosys and ABC
// name what has no HDL name), so the family is "~ > qz" (the end alone; until 2026-11-29 the
// census indexed a second name that did not exist and crashed, on the wheel's netlist).
//   q$a > n$1 > n$2 > qz: 0.09 + 2 x (0.20 + 0.12) + 0.20 + 0.05 = 0.98
//   qz > q$a:             0.09 + 0.25 = 0.34
// EXPECT 0.98
module top (input wire clk);
  wire \q$a , \n$1 , \n$2 , qz;
  FDRE ra (.C(clk), .CE(1'b1), .R(1'b0), .D(qz), .Q(\q$a ));
  LUT1 #(.INIT(2'b01)) l1 (.I0(\q$a ), .O(\n$1 ));
  LUT1 #(.INIT(2'b01)) l2 (.I0(\n$1 ), .O(\n$2 ));
  FDRE rz (.C(clk), .CE(1'b1), .R(1'b0), .D(\n$2 ), .Q(qz));
endmodule
