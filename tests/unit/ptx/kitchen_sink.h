#pragma once

// A hand-written module (valid for ptxas -arch=sm_90) that exercises most forms the front end
// accepts; shared by the printer, verifier and CFG tests.

#include <string_view>

namespace warpsim::ptx::testing {

inline constexpr std::string_view kKitchenSink = R"PTX(
.version 8.0
.target sm_90
.address_size 64

.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.func (.param .b32 func_retval0) add1(.param .b32 add1_param_0);
.global .align 4 .u32 lut[2][3] = {{1, 2, 3}, {4, 5, 0x6}};
.global .align 8 .u64 fptrs[2] = {add1, add1};
.global .align 8 .u64 gaddr[2] = {generic(lut)+4, lut};
.const .align 4 .f32 cvals[2] = {0f3F800000, 0fBF800000};
.global .align 1 .b8 $str[4] = {104, 105, 10};
.extern .shared .align 16 .b8 smem[];
.shared .align 8 .b8 sbuf[64];

.func (.param .b32 func_retval0) add1(.param .b32 add1_param_0)
{
	.reg .b32 %r<3>;
	ld.param.u32 %r1, [add1_param_0];
	add.s32 %r2, %r1, 1;
	st.param.b32 [func_retval0+0], %r2;
	ret;
}

.visible .entry kitchen(
	.param .u64 .ptr .global .align 16 kitchen_param_0,
	.param .align 8 .b8 kitchen_param_1[24],
	.param .u64 kitchen_param_2,
	.param .u64 kitchen_param_3
)
.maxntid 256, 1, 1
.minnctapersm 2
{
	.local .align 4 .b8 __local_depot0[16];
	.reg .pred %p<6>;
	.reg .b16 %rs<6>;
	.reg .b32 %r<40>;
	.reg .f32 %f<12>;
	.reg .b64 %rd<20>;
	.reg .f64 %fd<4>;
	.loc 1 10 3
	ld.param.u64 %rd1, [kitchen_param_0];
	ld.param.v2.u32 {%r1, %r2}, [kitchen_param_1+8];
	ld.param.f64 %fd1, [kitchen_param_1+16];
	ld.param.u64 %rd10, [kitchen_param_2];
	ld.param.u64 %rd11, [kitchen_param_3];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, %ctaid.x;
	mov.u32 %r5, %ntid.x;
	mad.lo.s32 %r6, %r4, %r5, %r3;
	mul.wide.s32 %rd3, %r6, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.global.nc.f32 %f1, [%rd4];
	ld.global.cg.v4.f32 {%f2, %f3, %f4, _}, [%rd4+16];
	ld.global.L1::evict_last.L2::128B.u32 %r7, [%rd4+-4];
	ld.relaxed.gpu.global.u32 %r8, [%rd4];
	ld.volatile.shared.u32 %r9, [sbuf+8];
	ld.const.f32 %f5, [cvals+4];
	.loc 1 12 5, function_name $L__info_string0, inlined_at 1 10 3
	fma.rn.f32 %f6, %f1, %f2, 0f3F000000;
	add.rz.ftz.f32 %f7, %f6, %f3;
	div.rn.f32 %f8, %f7, %f4;
	sqrt.approx.ftz.f32 %f9, %f8;
	ex2.approx.ftz.f32 %f10, %f9;
	setp.lt.and.ftz.f32 %p1|%p2, %f10, %f5, %p0;
	selp.f32 %f11, %f10, %f5, %p1;
	cvt.rni.s32.f32 %r10, %f11;
	cvt.rn.f32.f64 %f1, %fd1;
	cvt.u64.u32 %rd5, %r10;
	cvt.rn.f16.f32 %rs1, %f1;
	add.f16 %rs2, %rs1, %rs1;
	cvt.f32.f16 %f2, %rs2;
	mov.b32 %r11, {%rs1, %rs2};
	fma.rn.f16x2 %r12, %r11, %r11, %r11;
	mov.b32 {%rs3, %rs4}, %r12;
	cvt.pack.sat.u8.s32.b32 %r13, %r10, %r10, 0;
	mul.hi.u32 %r14, %r10, -1431655765;
	add.cc.u32 %r15, %r14, %r13;
	addc.u32 %r16, %r15, 0;
	shf.l.wrap.b32 %r17, %r16, %r15, 3;
	bfe.u32 %r18, %r17, 4, 8;
	prmt.b32 %r19, %r18, %r17, 0x3210;
	popc.b32 %r20, %r19;
	brev.b64 %rd6, %rd5;
	clz.b64 %r21, %rd6;
	bfind.shiftamt.u32 %r22, %r21;
	mov.b64 %rd7, {%r21, %r22};
	mov.u64 %rd8, smem;
	mov.u64 %rd9, $str;
	shfl.sync.bfly.b32 %r23|%p3, %r22, 16, 31, -1;
	vote.sync.ballot.b32 %r24, %p3, -1;
	vote.sync.any.pred %p4, !%p3, -1;
	match.any.sync.b32 %r25, %r24, -1;
	redux.sync.add.u32 %r26, %r25, -1;
	activemask.b32 %r27;
	bar.sync 0;
	bar.red.popc.u32 %r28, 0, %p4;
	bar.red.and.pred %p5, 0, %p4;
	barrier.sync.aligned 1, 64;
	bar.warp.sync -1;
	membar.gl;
	fence.acq_rel.gpu;
	fence.sc.sys;
	fence.proxy.alias;
	atom.global.add.u32 %r29, [%rd4], 1;
	atom.relaxed.gpu.global.cas.b32 %r30, [%rd4], %r29, 7;
	atom.shared.add.f32 %f3, [sbuf], %f2;
	atom.global.add.noftz.f16x2 %r31, [%rd4], %r12;
	red.release.sys.global.max.s32 [%rd4], %r30;
	st.global.wt.u32 [%rd4], %r31;
	st.global.cs.v2.f32 [%rd4+8], {%f1, %f2};
	st.local.u32 [__local_depot0+4], %r30;
	st.shared.u64 [sbuf+16], %rd7;
	prefetch.global.L2 [%rd4];
	cvta.shared.u64 %rd12, %rd8;
	isspacep.shared %p5, %rd12;
	mov.u32 %r32, sbuf;
	cp.async.ca.shared.global [%r32], [%rd4], 4;
	cp.async.cg.shared.global [%r32+16], [%rd4], 16, %r29;
	cp.async.commit_group;
	cp.async.wait_group 0;
	cp.async.wait_all;
	tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd10, {%f5, %f6}];
	tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd10, {%f5, %f6}];
	txq.width.b32 %r33, [%rd10];
	suld.b.2d.b32.trap {%r34}, [%rd11, {%r3, %r4}];
	sust.b.2d.b32.zero [%rd11, {%r3, %r4}], {%r34};
	mov.u64 %rd13, %clock64;
	mov.u32 %r35, %laneid;
	mov.u64 %rd14, %globaltimer;
	mov.u32 %r36, %lanemask_lt;
	nanosleep.u32 100;
	.pragma "nounroll";
$L__BB0_1:
	add.s32 %r37, %r37, 1;
	setp.lt.s32 %p0, %r37, 10;
	@%p0 bra $L__BB0_1;
	@!%p0 bra.uni $L__BB0_3;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 [param0+0], %rd9;
	.param .b64 param1;
	st.param.b64 [param1+0], %rd8;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r38, [retval0+0];
	} // callseq 0
	{
	.param .b32 param0;
	st.param.b32 [param0+0], %r38;
	.param .b32 retval0;
	prototype_1 : .callprototype (.param .b32 _) _ (.param .b32 _);
	ld.global.u64 %rd15, [fptrs];
	call (retval0), %rd15, (param0), prototype_1;
	ld.param.b32 %r39, [retval0+0];
	}
$L__BB0_3:
	@%p1 trap;
	ret;
}
	.file	1 "kitchen.cu"
	.section	.debug_str
	{
$L__info_string0:
.b8 102,0
	}
)PTX";

}  // namespace warpsim::ptx::testing
